/** POST /leads/adf: ADF (Auto-lead Data Format 1.0) documents from lead sources. */
import { ADF_EXAMPLE } from '@/adf/example'

import { operation, tagged } from './operation'
import { commerceError, commerceErrors, json } from './responses'

const ADF_TAG = 'Leads intake'

const badDocument =
  'Invalid ADF document: line 12, <year>: year must be a whole number from 1900 to 2100'

export const adfPaths = {
  '/leads/adf': {
    post: operation(
      tagged(ADF_TAG)(
        'postAdfLeads',
        'Take leads as an ADF document',
        [
          'An ADF 1.0 document (`Content-Type: application/xml` or `text/xml`) as lead sources and the auto trade exchange them: every `<prospect>` (status `new` or `resend`) becomes a lead with a `Lead Created` lead event, all in one transaction (a document with one bad prospect saves nothing).',
          '',
          "The prospect's contact fills the lead's name, e-mail and phone; `<vendor>` names the dealership (a location id `loc_…`, a company id `com_…`, or a company's name) and sets the lead's location; `<provider>` is its `source`; the vehicles (interest, status, year, make, model, VIN, stock, trim, odometer, price, finance), phones, address, timeframe and comments are kept in the lead's `adf` group, a VIN the service knows linked to its vehicle. The original document is kept on the lead, for staff only. Unknown elements are ignored (kept in the original).",
          '',
          'What reads as a social security number, in any text of a prospect (comments, names, address, …) or anywhere in the document, is not kept: it is stored as `[SSN removed]`, and `data.warnings` names each field (and lead) it was removed from. The leads are made all the same.',
          '',
          "Each prospect is answered with its `receipt` (the `Lead Created` event it was recorded as), and, to callers who may read leads, the lead's `id` and `mergedInto`. A lead-source key reads nothing, so it is told the receipt alone: whether a person it sends is a lead of the dealership already is not its to learn.",
          '',
          'Who: staff, staff admins, admin API clients, lead-source keys and dealers (for their company) — whoever may create leads. A document type declaration with entity definitions, an undefined entity, nesting deeper than `ADF_MAX_DEPTH` or a document that is not ADF is a 400 naming the line and element; over `ADF_MAX_BYTES`, 413.',
        ].join('\n'),
      ),
      {
        requestBody: {
          content: {
            'application/xml': {
              example: ADF_EXAMPLE,
              schema: { description: 'An ADF 1.0 document.', type: 'string' },
            },
            'text/xml': { schema: { description: 'An ADF 1.0 document.', type: 'string' } },
          },
          required: true,
        },
        responses: {
          201: {
            content: json(
              {
                properties: {
                  data: {
                    properties: {
                      leads: {
                        items: {
                          properties: {
                            id: {
                              description:
                                'The lead made of the prospect (not told to a lead-source key).',
                              type: 'integer',
                            },
                            mergedInto: {
                              description:
                                'When the prospect repeated a lead already kept: that lead (not told to a lead-source key).',
                              type: 'integer',
                            },
                            receipt: {
                              description:
                                'The `Lead Created` lead event the prospect was recorded as, made or merged alike: what a lead-source key is told, and what staff look a submission up by.',
                              type: 'integer',
                            },
                          },
                          required: ['receipt'],
                          type: 'object',
                        },
                        type: 'array',
                      },
                      warnings: {
                        description:
                          'Only when a value held what reads as an SSN: each field it was removed from (kept as `[SSN removed]`).',
                        items: {
                          properties: {
                            field: {
                              description:
                                'The lead field (`adf.comments`, `adf.vehicles.0.comments`, `firstName`), or `adf.document`: the original document, which every lead of the document keeps.',
                              type: 'string',
                            },
                            lead: {
                              description:
                                'The lead it was kept on (not told to a lead-source key).',
                              type: 'integer',
                            },
                            message: { type: 'string' },
                            prospect: {
                              description: "The prospect's place in the document, from 1.",
                              type: 'integer',
                            },
                            receipt: { description: "The prospect's receipt.", type: 'integer' },
                          },
                          required: ['field', 'message'],
                          type: 'object',
                        },
                        type: 'array',
                      },
                    },
                    required: ['leads'],
                    type: 'object',
                  },
                  success: { type: 'boolean' },
                },
                required: ['data', 'success'],
                type: 'object',
              },
              { data: { leads: [{ id: 42, receipt: 317 }] }, success: true },
            ),
            description: 'The leads made, one per prospect, in document order',
          },
          ...commerceErrors(undefined, {}, { body: true }),
          400: commerceError(400, badDocument),
          413: commerceError(
            413,
            'Request body larger than 1048576 bytes (ADF_MAX_BYTES): refused unread, nothing saved',
          ),
          415: commerceError(415, 'Send the ADF document as XML (Content-Type: application/xml).'),
        },
      },
    ),
  },
}
