import { data } from 'react-router'
import { formValues } from '#app/utils/session.server.ts'
import { TERMS_LIMITS, termsDraftSchema } from '#shared/terms-rules.ts'
import type { Route } from './+types/terms-autosave'
import type { AutosaveAnswer } from './content/content-autosave.ts'
import { consoleHeaders, notFound, requireStaff } from './console.server.ts'
import { versionId } from './terms-version.server.ts'

const answer = (body: AutosaveAnswer, status = 200) => data(body, { status, headers: consoleHeaders() })

/**
 * POST `/admin/terms/{id}/autosave`: a terms draft's texts as typed, saved as the draft (never
 * published; docs/decisions/044-autosave.md). `version` is the draft's lock (the time it was last
 * saved); the answer's version is the new one.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const id = versionId(params.id)
  if (id === null) throw notFound()
  const values = await formValues(request, { limit: TERMS_LIMITS.formBytes })
  const draft = termsDraftSchema.safeParse(values)
  if (!draft.success || !values.version) return answer({ ok: false, reason: 'invalid' }, 400)
  const saved = await context.services.terms.saveDraft(
    { id: staff.user.id, role: staff.user.role, ip: context.clientIp },
    id,
    draft.data,
    values.version,
    'content.autosave',
  )
  if (saved.ok) return answer({ ok: true, version: saved.updatedAt.toISOString(), at: new Date().toISOString() })
  if (saved.reason === 'conflict') return answer({ ok: false, reason: 'conflict', by: saved.by }, 409)
  if (saved.reason === 'not-found') return answer({ ok: false, reason: 'not-found' }, 404)
  return answer({ ok: false, reason: 'invalid' }, 400)
}
