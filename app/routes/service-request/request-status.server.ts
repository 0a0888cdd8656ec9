import { Readable } from 'node:stream'
import { data, type AppLoadContext } from 'react-router'
import { contentDisposition } from '#server/api/downloads.ts'
import { getUser } from '#app/utils/session.server.ts'
import { formatFileSize } from '#shared/uploads.ts'
import { SERVICE_REQUEST_STATUS_PATH } from '#shared/service-request-paths.ts'
import type { InquiryTopic, Symptom } from '#shared/service-request-rules.ts'
import { isRequestStatus, type RequestRegion } from '#shared/service-request-status.ts'

/** Who asks: the signed-in member and the `key` of the link. */
export async function requestAccess(request: Request, context: AppLoadContext) {
  const key = new URL(request.url).searchParams.get('key')
  const user = await getUser(request, context)
  return { userId: user?.id ?? null, key: key ? key.slice(0, 64) : null }
}

/** The status page of a request for its requester; a 404 for anyone else (the same as an unknown number). */
export async function loadRequestStatus(request: Request, context: AppLoadContext, tracking: string) {
  const access = await requestAccess(request, context)
  const found = await context.services.serviceRequests.status(tracking, access)
  if (!found) throw data(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
  const r = found.request
  const keyQuery = access.key && r.user_id === null ? `?${new URLSearchParams({ key: access.key })}` : ''
  return {
    tracking: r.tracking_no!,
    isNew: new URL(request.url).searchParams.get('new') === '1',
    kind: r.kind === 'iq' ? ('iq' as const) : ('as' as const),
    status: isRequestStatus(r.status) ? r.status : 'received',
    acceptedAt: r.accepted_at!.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    region: r.region as RequestRegion,
    serial: r.serial_no,
    model: r.model,
    site: r.site_name,
    symptom: r.symptom as Symptom,
    description: r.description,
    /** The inquiry's own fields (empty for an A/S request). */
    details: {
      topic: (r.details.topic ?? 'other') as InquiryTopic,
      quantity: r.details.quantity ?? '',
      deliveryDate: r.details.delivery_date ?? '',
      valveType: r.details.valve_type ?? '',
      valveSize: r.details.valve_size ?? '',
      torque: r.details.torque ?? '',
      voltage: r.details.voltage ?? '',
    },
    contact: { name: r.contact_name, company: r.company, phone: r.phone, email: r.email, time: r.contact_time },
    files: found.files.map((f) => ({
      id: f.id,
      name: f.name,
      size: formatFileSize(f.size),
      href: `${SERVICE_REQUEST_STATUS_PATH}/${r.tracking_no}/files/${f.id}${keyQuery}`,
    })),
  }
}

/**
 * One attachment of a request, for its requester only (the member signed in, or the link's key):
 * a download, never shown inline, stored by no cache. Anyone else gets the same 404 as an unknown file.
 */
export async function serveRequestFile(request: Request, context: AppLoadContext, tracking: string, fileId: string) {
  const access = await requestAccess(request, context)
  const file = await context.services.serviceRequests.openFile(tracking, Number(fileId), access)
  if (!file) throw new Response(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'same-origin',
    },
  })
}
