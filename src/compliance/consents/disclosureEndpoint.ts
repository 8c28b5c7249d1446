import type { Endpoint } from 'payload'

import { messages, payloadError } from '@/errors'
import { relationId } from '@/lib/relationId'

import { sha256Of } from './disclosures'

/**
 * GET /api/consents/:id/disclosure: the disclosure text a consent was captured with, and whether
 * the text kept today still has the SHA-256 the consent stored at capture.
 */
export const consentDisclosureEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const id = String(req.routeParams?.id)
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647)
      return payloadError(404, messages.notFound)
    // Read as the caller: a consent they may not read is 403, one that does not exist 404.
    const consent = await req.payload.findByID({
      collection: 'consents',
      depth: 0,
      id: Number(id),
      overrideAccess: false,
      req,
    })
    const disclosureId = relationId(consent.disclosure)
    if (!disclosureId)
      return payloadError(
        404,
        `Consent ${consent.id} records no disclosure (a revocation shows none).`,
      )
    const disclosure = await req.payload.findByID({
      collection: 'disclosures',
      depth: 0,
      disableErrors: true,
      id: Number(disclosureId),
      overrideAccess: true,
      req,
    })
    if (!disclosure) return payloadError(404, `The disclosure of consent ${consent.id} is missing.`)
    const computed = sha256Of(disclosure.text)
    return Response.json({
      consent: consent.id,
      disclosure: disclosure.id,
      kind: disclosure.kind,
      matches: computed === consent.disclosureSha256,
      sha256: consent.disclosureSha256,
      text: disclosure.text,
      textSha256: computed,
      version: consent.disclosureVersion,
    })
  },
  method: 'get',
  path: '/:id/disclosure',
}
