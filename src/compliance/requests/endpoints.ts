/**
 * GET /api/consumer-requests/:id/export?format=json|csv — an access request's export, for whoever
 * may read the request (staff, staff admins, admin API clients); audited.
 * POST /api/consumer-requests/:id/delete-data — carries out a deletion request: staff admins and
 * admin API clients only.
 */
import type { Endpoint } from 'payload'

import { adminAction } from '@/api/adminAction'
import { recordAudit } from '@/creditData/audit'
import { messages, payloadError } from '@/errors'
import { relationId } from '@/lib/relationId'

import { carryOutDeletion } from './deletion'
import { exportConsumer, exportCsv, SOURCES } from './export'
import { invalidRequest } from './invalid'

const SLUG = 'consumer-requests'

export const exportEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const format = String(req.query?.format ?? 'json')
    if (format !== 'json' && format !== 'csv') invalidRequest(req, 'format', 'must be json or csv')
    const request = await req.payload.findByID({
      collection: SLUG,
      depth: 0,
      id: String(req.routeParams?.id),
      overrideAccess: false,
      req,
    })
    if (request.kind !== 'access')
      invalidRequest(req, 'kind', 'an export is made for an access request')
    const consumer = String(relationId(request.consumer))
    const data = await exportConsumer(req.payload, consumer)
    await recordAudit(req, {
      action: 'export',
      collection: 'consumer',
      fields: SOURCES.map((source) => source.name),
      recordId: consumer,
    })
    const name = `consumer-${consumer}-${data.exportedAt.slice(0, 10)}.${format}`
    return new Response(format === 'csv' ? exportCsv(data) : JSON.stringify(data, null, 2), {
      headers: {
        'Cache-Control': 'no-store',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json',
      },
    })
  },
  method: 'get',
  path: '/:id/export',
}

export const deletionEndpoint: Endpoint = adminAction(SLUG, 'delete-data', async (req, id) => {
  const request = await req.payload.findByID({ collection: SLUG, depth: 0, id, req })
  if (request.kind !== 'deletion')
    invalidRequest(req, 'kind', 'only a deletion request deletes data')
  const doc = await carryOutDeletion(req, request)
  return Response.json({ doc, message: 'Deletion carried out.' })
})
