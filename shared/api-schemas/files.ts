import { z } from '../zod.ts'
import { messageKey } from '../field-errors.ts'
import { decodeBase64Utf8, storageKeyProblem } from '../files.ts'
import { UPLOAD_KINDS } from '../uploads.ts'

/** A storage key as requested: refused with a 400 when hostile (see `storageKeyProblem`). */
const storageKey = () =>
  z
    .string()
    .max(1000)
    .superRefine((value, ctx) => {
      const problem = storageKeyProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: `Invalid file key: ${problem}` })
    })

/** A requested download name; one that is not a plain file name falls back to the stored name. */
const requestedName = () =>
  z.string().max(1000).describe('Download name (used when it is a plain file name of at most 200 characters)')

/** GET /api/s3/download */
export const s3DownloadQuery = z.object({
  file_name: storageKey().describe('Storage key of the file'),
  origin_file_name: requestedName(),
})

/** GET /api/ftpdownload */
export const ftpDownloadQuery = z
  .object({
    filename: requestedName(),
    url: z
      .string()
      .max(1400)
      .describe('Base64 of the storage key')
      .transform((value, ctx) => {
        const key = decodeBase64Utf8(value)
        if (key === null) {
          ctx.addIssue({ code: 'custom', message: 'Invalid base64' })
          return z.NEVER
        }
        const problem = storageKeyProblem(key)
        if (problem) {
          ctx.addIssue({ code: 'custom', message: `Invalid file key: ${problem}` })
          return z.NEVER
        }
        return key
      }),
  })
  .transform(({ filename, url }) => ({ file_name: url, origin_file_name: filename }))

export type DownloadRequest = { file_name: string; origin_file_name: string }

/** POST /admin/upload (the console's uploads; the body is the file, its name in `X-File-Name`). */
export const uploadQuery = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: messageKey('console.upload.kind') }),
})
