import type { AppLoadContext } from 'react-router'

/**
 * The original names of the stored files a console page shows, by key, for its `FileNamesProvider`
 * (app/components/console/file-names.tsx): empty and unknown keys are left out.
 */
export function fileNamesOf(
  context: AppLoadContext,
  keys: Iterable<string | null | undefined>,
): Promise<Record<string, string>> {
  return context.services.uploads.names(keys)
}
