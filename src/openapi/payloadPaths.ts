/** Endpoints 11–17: Payload's own REST API, with its query parameters and error shape. */
import { operation, type OperationName, tagged } from './operation'
import {
  depthParam,
  idempotencyKeyParam,
  idParam,
  ifMatchParam,
  ifNoneMatchParam,
  pagingParams,
} from './parameters'
import { createBody, type Records, updateBody } from './records'
import { json, NOT_MODIFIED, payloadDoc, payloadErrors, ref, withETag } from './responses'

/** 11 and 12: Payload's REST update. */
const leadUpdate = (name: OperationName, slug: string, records: Records) =>
  operation(name, {
    parameters: [
      idParam,
      depthParam,
      ifMatchParam,
      { in: 'query', name: 'locale', schema: { type: 'string' } },
      { in: 'query', name: 'fallback-locale', schema: { type: 'string' } },
    ],
    requestBody: updateBody(records[slug]),
    responses: { 200: withETag(payloadDoc(slug)), ...payloadErrors(400, 401, 403, 404, 412, 429) },
  })

const leads = tagged('Leads')

export const leadPaths = (records: Records) => ({
  '/leadEvents/{id}': {
    patch: leadUpdate(leads('updateLeadEvent', '11. Update a lead event'), 'leadEvents', records),
  },
  '/vdpEmails/{id}': {
    patch: leadUpdate(leads('updateVdpEmail', '12. Update a VDP e-mail'), 'vdpEmails', records),
  },
})

const errors = tagged('Errors')

const listErrors = operation(errors('listErrors', '13. List error records'), {
  parameters: pagingParams,
  responses: {
    200: {
      content: json({
        properties: {
          docs: { items: ref('errors'), type: 'array' },
          totalDocs: { type: 'integer' },
        },
        type: 'object',
      }),
      description: "A page of error records (Payload's paginated shape)",
    },
    ...payloadErrors(403),
  },
})
const getError = operation(errors('getError', '14. Get an error record'), {
  parameters: [idParam, ifNoneMatchParam],
  responses: {
    200: withETag({ content: json(ref('errors')), description: 'The error record' }),
    ...NOT_MODIFIED,
    ...payloadErrors(403, 404),
  },
})
const deleteError = operation(errors('deleteError', '17. Delete an error record'), {
  parameters: [idParam],
  responses: { 200: payloadDoc('errors'), ...payloadErrors(403, 404) },
})

/** 13–17: the error records, which a storefront reports without a credential. */
export const errorPaths = (records: Records) => ({
  '/errors': {
    get: listErrors,
    post: operation(errors('createError', '15. Report an error (no credential needed)'), {
      requestBody: createBody(records.errors, ['message'], {
        message: 'TypeError: x is undefined',
        source: 'storefront',
        url: 'https://shop.example.com/cart',
      }),
      parameters: [idempotencyKeyParam],
      responses: { 201: payloadDoc('errors'), ...payloadErrors(400, 409, 413, 422) },
      security: [],
    }),
  },
  '/errors/{id}': {
    delete: deleteError,
    get: getError,
    patch: operation(errors('updateError', '16. Update an error record'), {
      parameters: [idParam, ifMatchParam],
      requestBody: updateBody(records.errors),
      responses: { 200: withETag(payloadDoc('errors')), ...payloadErrors(400, 403, 404, 412) },
    }),
  },
})
