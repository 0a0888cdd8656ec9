import { createContext, useContext, type ReactNode } from 'react'

/**
 * The original names of the stored files a console page shows (storage key → the name the file had
 * when it was uploaded or imported), so a file field and a list read `Catalogue 2026.pdf`, not the
 * random key `uploads/2026/11/de12db4d97ff83073725.pdf`. A page's loader (or its action, for files a
 * conflict brings) looks them up (`fileNamesOf` in app/routes/console/file-names.server.ts) and
 * provides them with `FileNamesProvider`; without a name the key is shown.
 */
const FileNames = createContext<Readonly<Record<string, string>>>({})

/**
 * The names of the files uploaded in this browser tab, by key: a form shown again after a refusal
 * (its fields start from the posted keys) still names a file uploaded just before. Filled only in
 * the browser (an upload needs JavaScript), so nothing is shared between requests on the server.
 */
const uploadedNames = new Map<string, string>()

/** Remembers the name of a file this tab uploaded (UploadField calls it). */
export function rememberUploadedName(key: string, name: string): void {
  uploadedNames.set(key, name)
}

export function FileNamesProvider({
  names,
  children,
}: {
  names: Readonly<Record<string, string>> | undefined
  children: ReactNode
}) {
  const outer = useContext(FileNames)
  return <FileNames.Provider value={names ? { ...outer, ...names } : outer}>{children}</FileNames.Provider>
}

/** A key's original name, or undefined when none is known. */
export function useFileName(): (key: string) => string | undefined {
  const names = useContext(FileNames)
  return (key) => names[key] ?? uploadedNames.get(key)
}

/** What a page shows for a stored file: its original name, else the last part of its key. */
export function useFileLabel(): (key: string) => string {
  const nameOf = useFileName()
  return (key) => nameOf(key) ?? key.split('/').pop() ?? key
}
