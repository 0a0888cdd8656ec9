import { redirect } from 'react-router'
import { listParams, parseListQuery } from '#shared/console-lists.ts'
import { MEMBER_LIST_SPEC, memberFilterOf } from '#shared/member-admin-rules.ts'
import type { Route } from './+types/members-export'
import { consoleHeaders, consoleRequest, requireStaff } from './console.server.ts'
import { checkStepUp } from './step-up.server.ts'
import { formValues } from '#app/utils/session.server.ts'

/** Nothing to show at this address: the export is a POST from the member list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'admin')
  return redirect('/admin/members', { headers: consoleHeaders() })
}

/**
 * The member list (the posted filter) as a CSV download: administrators, with a TOTP code given
 * within five minutes (or typed with the form). Refusals go back to the list with the filter and
 * the reason (`export=…`), which the list shows at the code field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'admin')
  const values = await formValues(request)
  const { query, errors } = parseListQuery(MEMBER_LIST_SPEC, new URLSearchParams(values))
  const back = (reason: string) => {
    const params = listParams(MEMBER_LIST_SPEC, { ...query, page: 1 })
    params.set('export', reason)
    return redirect(`/admin/members?${params.toString()}#members-export`, { headers: consoleHeaders() })
  }
  if (Object.keys(errors).length > 0) return redirect('/admin/members', { headers: consoleHeaders() })
  const refused = await checkStepUp(staff, values.code, context)
  if (refused) {
    const key = refused.errors.code
    return back(
      key === 'console.stepUp.required'
        ? 'step-up'
        : key === 'console.error.codeFormat'
          ? 'code-format'
          : key === 'console.error.code'
            ? 'code'
            : 'limited',
    )
  }
  const result = await context.services.consoleMembers.exportCsv(staff, memberFilterOf(query), consoleRequest(context))
  if (!result.ok)
    return result.reason === 'step-up'
      ? back('step-up')
      : new Response(null, { status: 403, headers: consoleHeaders() })
  return new Response(result.csv, {
    headers: {
      ...consoleHeaders(),
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${result.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
