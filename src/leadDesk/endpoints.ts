import { addDataAndFileToRequest, type Endpoint, type PayloadRequest } from 'payload'

import { messages, payloadError } from '@/errors'
import { isRecord } from '@/lib/isRecord'

import { assignLead } from './assign'
import { deskView } from './deskView'
import { logActivity } from './logActivity'

const NOT_A_LEAD = 'Not Found'

/** The route's lead id, or null when it is not one (lead ids are whole numbers). */
const leadIdOf = (req: PayloadRequest): null | number => {
  const text = String(req.routeParams?.id)
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null
}

/** GET /api/lead/:id/desk: the lead page's panel (src/leadDesk/deskView.ts), for who may read the lead. */
export const deskEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const id = leadIdOf(req)
    if (!id) return payloadError(404, NOT_A_LEAD)
    return Response.json(await deskView(req, id))
  },
  method: 'get',
  path: '/:id/desk',
}

/** POST /api/lead/:id/assign `{assignee?}`: take the lead, or hand it over (src/leadDesk/assign.ts). */
export const assignEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const id = leadIdOf(req)
    if (!id) return payloadError(404, NOT_A_LEAD)
    await addDataAndFileToRequest(req)
    const assignee = isRecord(req.data) ? req.data.assignee : undefined
    const doc = await assignLead(req, id, assignee)
    return Response.json({ doc, message: 'Updated successfully.' })
  },
  method: 'post',
  path: '/:id/assign',
}

/**
 * POST /api/lead/:id/activity `{type, status?, nextSteps?, followUpDue?}`: a lead event and the
 * next follow-up time in one transaction (src/leadDesk/logActivity.ts).
 */
export const activityEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const id = leadIdOf(req)
    if (!id) return payloadError(404, NOT_A_LEAD)
    await addDataAndFileToRequest(req)
    return Response.json(await logActivity(req, id, req.data), { status: 201 })
  },
  method: 'post',
  path: '/:id/activity',
}
