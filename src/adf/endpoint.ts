import type { Endpoint } from 'payload'

import { commerceAnswer, CommerceError, errorResponse, messages } from '@/errors'

import { answerFor, ingestAdf } from './ingest'

/** The path of the ADF intake under /api. */
export const ADF_PATH = '/leads/adf'

/** The body types the intake reads as XML. */
export const ADF_CONTENT_TYPE = /^(application|text)\/([\w.+-]+\+)?xml\s*(;|$)/i

/**
 * POST /api/leads/adf: an ADF document from a lead source; 201 `{data: {leads: [{id, mergedInto?, receipt}]}, success: true}`,
 * a lead-source key told the receipts alone (answerFor).
 * In the commerce envelope (its mark below), so refusals before it (415, 413) answer alike.
 */
export const adfEndpoint: Endpoint = {
  custom: { envelope: 'commerce' },
  handler: async (req) => {
    try {
      if (!req.user) throw new CommerceError(401, messages.unauthorized)
      // The bytes, so that a body that is not UTF-8 is a 400 rather than read with replacement characters.
      const xml = Buffer.from((await req.arrayBuffer?.()) ?? new ArrayBuffer(0))
      const data = answerFor(req, await ingestAdf({ origin: 'http', req, xml }))
      return Response.json({ data, success: true }, { status: 201 })
    } catch (error) {
      return errorResponse('commerce', commerceAnswer(error, req))
    }
  },
  method: 'post',
  path: ADF_PATH,
}
