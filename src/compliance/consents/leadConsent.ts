/**
 * POST /api/lead/:id/consent `{kind?, method}`: records, from the lead's desk, the contact consent
 * the lead's customer just gave (a refused text says "No consent"), for the number or address the
 * refusal checks: the lead's own, else its consumer's, and for calls and texts the seller of the
 * lead's location. The disclosure is the newest of the kind. It is an ordinary consent, so who may
 * record it is the consents row of the policy (a dealer of the lead's company records texting
 * consent only: ledger.ts), and only for a lead the caller reads (404 otherwise).
 */
import { addDataAndFileToRequest, type Endpoint, type PayloadRequest } from 'payload'

import { messages, payloadError } from '@/errors'
import { isRecord } from '@/lib/isRecord'
import { relationId } from '@/lib/relationId'

import { invalid } from '../endpointParts'
import { leadContact } from './contactConsent'
import { CONTACT_CONSENT_KINDS, type ContactConsentKind } from './contactRules'
import { CAPTURE_METHODS } from './kinds'

const isKind = (value: unknown): value is ContactConsentKind =>
  CONTACT_CONSENT_KINDS.some((kind) => kind === value)

const isMethod = (value: unknown): value is (typeof CAPTURE_METHODS)[number] =>
  CAPTURE_METHODS.some((method) => method === value)

/** The consent recorded for the lead's contact; throws a 400 naming the field it cannot use. */
export const recordLeadConsent = async (req: PayloadRequest, lead: number, body: unknown) => {
  const input = isRecord(body) ? body : {}
  const kind = input.kind ?? 'calls-and-texts'
  if (!isKind(kind)) throw invalid('kind', `must be one of ${CONTACT_CONSENT_KINDS.join(', ')}`)
  const method = input.method
  if (!isMethod(method)) throw invalid('method', `must be one of ${CAPTURE_METHODS.join(', ')}`)
  // The caller's own read of the lead: 404 for one they may not read, as for the desk.
  const found = await req.payload.findByID({
    collection: 'lead',
    depth: 0,
    id: lead,
    overrideAccess: false,
    req,
    select: { consumer: true },
  })
  const contact = await leadContact(req, lead)
  const phone = kind === 'calls-and-texts' ? contact?.phoneNumber : null
  const email = kind === 'e-mail-marketing' ? contact?.email : null
  if (!phone && !email)
    throw invalid(
      'kind',
      `the lead has no ${kind === 'calls-and-texts' ? 'phone number' : 'e-mail address'} to record it for`,
    )
  const { docs } = await req.payload.find({
    collection: 'disclosures',
    depth: 0,
    limit: 1,
    overrideAccess: true,
    req,
    sort: '-createdAt',
    where: { kind: { equals: kind } },
  })
  if (!docs[0]) throw invalid('kind', `no ${kind} disclosure exists yet: add one first`)
  return req.payload.create({
    collection: 'consents',
    data: {
      action: 'grant',
      consumer: relationId(found.consumer) ? String(relationId(found.consumer)) : undefined,
      disclosure: docs[0].id,
      email: email ?? undefined,
      kind,
      method,
      note: `Recorded from the desk of lead ${lead}.`,
      phoneNumber: phone ?? undefined,
      seller: kind === 'calls-and-texts' ? contact?.company : undefined,
    },
    depth: 0,
    overrideAccess: false,
    req,
  })
}

export const leadConsentEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const id = String(req.routeParams?.id)
    if (!/^[1-9]\d{0,14}$/.test(id)) return payloadError(404, 'Not Found')
    await addDataAndFileToRequest(req)
    const doc = await recordLeadConsent(req, Number(id), req.data)
    return Response.json({ doc, message: 'Consent recorded.' }, { status: 201 })
  },
  method: 'post',
  path: '/:id/consent',
}
