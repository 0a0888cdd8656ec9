import { FormBodyError, readCapped, type FormBodySource } from './form-body.ts'

/**
 * A posted multipart form with files (the public service request), read up to `limit` bytes in
 * all: over it a 413 before anything is parsed. Text fields as in `readFormBody` (one value per
 * name, no NUL); file parts of `fileField` as name and bytes, empty ones (an input left empty
 * sends a part without a name or bytes) skipped. Any other file part is malformed.
 */
export async function readFormWithFiles(
  source: FormBodySource,
  contentType: string | null | undefined,
  options: { limit: number; contentLength?: string | number | null | undefined; fileField: string },
): Promise<{ fields: Record<string, string>; files: { name: string; data: Buffer }[] }> {
  const declared =
    options.contentLength === null || options.contentLength === undefined || options.contentLength === ''
      ? NaN
      : Number(options.contentLength)
  if (declared > options.limit) throw new FormBodyError('tooLarge')
  const bytes = await readCapped(source, options.limit)
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType ?? '' } }).formData()
  } catch {
    throw new FormBodyError('malformed')
  }
  const fields = new Map<string, string>()
  const files: { name: string; data: Buffer }[] = []
  for (const [name, value] of form.entries()) {
    if (name.includes('\0')) throw new FormBodyError('malformed')
    if (typeof value === 'string') {
      if (value.includes('\0')) throw new FormBodyError('malformed')
      if (fields.has(name)) throw new FormBodyError('repeated', name)
      fields.set(name, value)
      continue
    }
    if (name !== options.fileField) throw new FormBodyError('malformed')
    if (value.size === 0 && !value.name) continue
    files.push({ name: value.name.replace(/\0/g, ''), data: Buffer.from(await value.arrayBuffer()) })
  }
  return { fields: Object.fromEntries(fields), files }
}
