import { addDataAndFileToRequest, type Endpoint, parseParams, type PayloadRequest } from 'payload'

import { refusalFor } from '@/api/refusal'
import { messages, payloadError } from '@/errors'
import { isRecord } from '@/lib/isRecord'

import { assignLead } from './assign'
import { deskView } from './deskView'
import { intakeLead, mergedMessage, possibleDuplicates } from './duplicates'
import { logActivity } from './logActivity'
import { mergeLeads } from './merge'
import { withdrawDoNotContact } from './withdrawDoNotContact'

/** The header of a `POST /api/lead` answer whose submission was merged: the lead's id. */
export const MERGED_HEADER = 'Lead-Merged-Into'

const NOT_A_LEAD = 'Not Found'

/** The route's record id, or null when it is not one (lead and request ids are whole numbers). */
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

/**
 * POST /api/lead, in place of Payload's create (same body, query and answer): a submission that
 * duplicates a recent lead of its location (src/leadDesk/duplicates.ts) is added to that lead
 * instead, answered 200 with that lead as `doc`, a message saying so, `duplicate` and the
 * `Lead-Merged-Into` header; anything else is created as before (201).
 */
export const intakeEndpoint: Endpoint = {
  handler: async (req) => {
    await addDataAndFileToRequest(req)
    const { depth, draft, populate, select } = parseParams(req.query)
    const data = isRecord(req.data) ? req.data : {}
    const { doc, duplicate } = await intakeLead(req, data, {
      depth,
      draft,
      populate,
      select,
      source: 'api',
    })
    if (duplicate)
      return Response.json(
        { doc, duplicate, message: mergedMessage(duplicate) },
        { headers: { [MERGED_HEADER]: String(duplicate.lead) }, status: 200 },
      )
    const label = String(req.payload.collections.lead.config.labels.singular)
    return Response.json(
      { doc, message: req.t('general:successfullyCreated', { label }) },
      { status: 201 },
    )
  },
  method: 'post',
  path: '/',
}

/** GET /api/lead/:id/duplicates: the lead's possible duplicates, for who may read the lead. */
export const duplicatesEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const id = leadIdOf(req)
    if (!id) return payloadError(404, NOT_A_LEAD)
    return Response.json(await possibleDuplicates(req, id))
  },
  method: 'get',
  path: '/:id/duplicates',
}

/**
 * POST /api/lead/:id/merge `{other, dryRun?}`: merges lead `other` into this one, or previews it
 * (src/leadDesk/merge.ts).
 */
export const mergeEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const id = leadIdOf(req)
    if (!id) return payloadError(404, NOT_A_LEAD)
    await addDataAndFileToRequest(req)
    return Response.json(await mergeLeads(req, id, req.data))
  },
  method: 'post',
  path: '/:id/merge',
}

/**
 * POST /api/do-not-contact/:id/withdraw `{reason}`: the customer asks to hear from the store
 * again (src/leadDesk/withdrawDoNotContact.ts). House staff only (access/policy.ts).
 */
export const withdrawDoNotContactEndpoint: Endpoint = {
  handler: async (req) => {
    // Enforced before the handler too (src/http/input/callerFirst.ts); here for every way in.
    const refused = refusalFor(req, 'houseStaff')
    if (refused) return refused
    const id = leadIdOf(req)
    if (!id) return payloadError(404, NOT_A_LEAD)
    await addDataAndFileToRequest(req)
    const doc = await withdrawDoNotContact(req, id, req.data)
    return Response.json({ doc, message: 'The do-not-contact request is withdrawn.' })
  },
  method: 'post',
  path: '/:id/withdraw',
}
