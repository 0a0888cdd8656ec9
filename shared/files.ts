/**
 * File URLs and the rules for download parameters, shared by the pages (which build the links)
 * and the server (which checks them). Only keys recorded in the `files` table are ever served (to
 * the public only while not withdrawn, docs/decisions/039-withdrawn-files.md): these checks only
 * reject hostile values early with a 400.
 */

/** URL path of a stored image. */
export function mediaUrl(key: string): string {
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}`
}

/** The storage key of a `mediaUrl` (null for any other address, e.g. a static /images/ file). */
export function mediaKey(url: string): string | null {
  if (!url.startsWith('/media/')) return null
  try {
    return url.slice('/media/'.length).split('/').map(decodeURIComponent).join('/')
  } catch {
    return null
  }
}

/** Link to download a stored file under the given name. */
export function downloadUrl(file: { file_name: string; origin_file_name: string }): string {
  const q = new URLSearchParams({ file_name: file.file_name, origin_file_name: file.origin_file_name })
  return `/api/s3/download?${q.toString()}`
}

/** The console's download address (staff only, every recorded file: docs/decisions/039-withdrawn-files.md). */
export const CONSOLE_DOWNLOAD_PATH = '/admin/files/download'

/** The console's address of stored images (staff only; its thumbnails and previews). */
export const CONSOLE_IMAGE_PATH = '/admin/files/image'

/** Link for staff to download any stored file under the given name, withdrawn ones included. */
export function consoleDownloadUrl(file: { file_name: string; origin_file_name: string }): string {
  const q = new URLSearchParams({ file_name: file.file_name, origin_file_name: file.origin_file_name })
  return `${CONSOLE_DOWNLOAD_PATH}?${q.toString()}`
}

/** The console's screen of one stored file (its description, where it is used, its replacement). */
export function mediaFileScreenUrl(key: string): string {
  return `/admin/media/file?${new URLSearchParams({ key }).toString()}`
}

/** URL path of a stored image as the console shows it (withdrawn ones included). */
export function consoleMediaUrl(key: string): string {
  return `${CONSOLE_IMAGE_PATH}/${key.split('/').map(encodeURIComponent).join('/')}`
}

/** The legacy download link (spec "type 0"): the storage key travels base64-encoded in `url`. */
export function ftpDownloadUrl(filename: string, key: string): string {
  const q = new URLSearchParams({ filename, url: encodeBase64Utf8(key) })
  return `/api/ftpdownload?${q.toString()}`
}

export const STORAGE_KEY_MAX = 300
export const FILE_NAME_MAX = 200

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

function decodeRepeatedly(value: string): string | null {
  let current = value
  for (let i = 0; i < 3; i++) {
    if (!current.includes('%')) return current
    try {
      const next = decodeURIComponent(current)
      if (next === current) return current
      current = next
    } catch {
      return null
    }
  }
  return current
}

/**
 * Why a requested storage key is refused outright, or null when it may be looked up. Refuses
 * NUL and control characters, path traversal (also percent-encoded, e.g. `%2e%2e`), absolute
 * and drive paths, backslashes, URLs of any scheme and protocol-relative URLs.
 */
export function storageKeyProblem(value: string): string | null {
  if (value.length === 0) return 'empty'
  if (value.length > STORAGE_KEY_MAX) return 'too long'
  const decoded = decodeRepeatedly(value)
  if (decoded === null) return 'bad percent-encoding'
  for (const v of [value, decoded]) {
    if (CONTROL.test(v)) return 'control character'
    if (v.includes('\\')) return 'backslash'
    if (v.includes('://') || v.startsWith('//')) return 'URL'
    if (v.startsWith('/')) return 'absolute path'
    if (/^[a-zA-Z]:/.test(v)) return 'drive path'
    if (v.split('/').some((part) => part === '..' || part === '.' || part === '')) return 'path traversal'
    if (v.includes('..')) return 'path traversal'
  }
  return null
}

/**
 * A plain file name to offer the downloader: at most 200 characters, no path separators,
 * no control characters, not `.` or `..`.
 */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= FILE_NAME_MAX &&
    name.trim() === name &&
    !CONTROL.test(name) &&
    !/[/\\]/.test(name) &&
    name !== '.' &&
    name !== '..'
  )
}

/** Base64 of the UTF-8 bytes of `text` (browser and Node). */
export function encodeBase64Utf8(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * The UTF-8 text of a base64 value (standard or URL-safe alphabet, padding optional; a space
 * is read as '+', which a query string turns it into), or null when it is not valid base64 of
 * valid UTF-8.
 */
export function decodeBase64Utf8(value: string): string | null {
  let s = value.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return null
  const bare = s.replace(/=+$/, '')
  if (bare.length % 4 === 1) return null
  s = bare + '='.repeat((4 - (bare.length % 4)) % 4)
  if (s.length === 0) return null
  let binary: string
  try {
    binary = atob(s)
  } catch {
    return null
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}
