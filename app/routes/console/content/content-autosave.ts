import { data } from 'react-router'
import { formValues } from '#app/utils/session.server.ts'
import type { Route } from './+types/content-autosave'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { actorOf, CONTENT_FORM_LIMIT, idOr404, kindOr404 } from './content.server.ts'

/**
 * What a content form's autosave gets back (docs/decisions/044-autosave.md): the version now saved
 * and when, or why nothing was saved (fields to fix, or who saved in between).
 */
export type AutosaveAnswer =
  | { ok: true; version: number | string; at: string }
  | { ok: false; reason: 'invalid' | 'conflict' | 'not-found'; by?: string | null }

const answer = (body: AutosaveAnswer, status = 200) => data(body, { status, headers: consoleHeaders() })

/**
 * POST `/admin/content/{kind}/{id}/autosave`: the form as typed, saved as the record's draft
 * (never published). Editors and administrators; an ended session gets the console's redirect to
 * the sign-in page, which the page reads as "not saved" (its typing stays where it is).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const kind = kindOr404(params.kind)
  const id = idOr404(params.id)
  const form = await formValues(request, { limit: CONTENT_FORM_LIMIT })
  const version = Number(form.version)
  if (!Number.isInteger(version)) return answer({ ok: false, reason: 'invalid' }, 400)
  const result = await context.services.contentEditor.autosave(actorOf(staff, context), kind.kind, id, version, form)
  if (result.ok) return answer({ ok: true, version: result.version, at: new Date().toISOString() })
  if (result.reason === 'conflict') return answer({ ok: false, reason: 'conflict', by: result.by }, 409)
  if (result.reason === 'not-found') return answer({ ok: false, reason: 'not-found' }, 404)
  return answer({ ok: false, reason: 'invalid' }, 400)
}
