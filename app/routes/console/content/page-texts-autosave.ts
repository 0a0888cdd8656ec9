import { data } from 'react-router'
import { formValues } from '#app/utils/session.server.ts'
import { isTextPage } from '#shared/page-texts.ts'
import type { Route } from './+types/page-texts-autosave'
import type { AutosaveAnswer } from './content-autosave.ts'
import { consoleHeaders, requireStaff } from '../console.server.ts'
import { actorOf, CONTENT_FORM_LIMIT } from './content.server.ts'

const answer = (body: AutosaveAnswer, status = 200) => data(body, { status, headers: consoleHeaders() })

/**
 * POST `/admin/texts/{page}/autosave`: the page's texts as typed, saved as drafts (never published;
 * docs/decisions/044-autosave.md). `version` is the form's lock (its texts' tokens,
 * docs/decisions/055-page-copy-editor.md); the answer's version is the new one. Editors and
 * administrators, as the page's own saves.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'editor')
  const page = params.page
  if (!page || !isTextPage(page)) throw data(null, { status: 404, headers: consoleHeaders() })
  const { version, lock: _, intent: __, ...texts } = await formValues(request, { limit: CONTENT_FORM_LIMIT })
  const lock = context.services.pageTexts.parseLock(version)
  if (!lock) return answer({ ok: false, reason: 'invalid' }, 400)
  const result = await context.services.pageTexts.save(
    actorOf(staff, context),
    page,
    lock,
    texts,
    false,
    'content.autosave',
  )
  if (result.ok) return answer({ ok: true, version: result.lock, at: new Date().toISOString() })
  if (result.reason === 'conflict') return answer({ ok: false, reason: 'conflict', by: result.by }, 409)
  return answer({ ok: false, reason: 'invalid' }, 400)
}
