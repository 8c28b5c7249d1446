/**
 * The compliance routes (src/compliance): a notice's print and delivery, the sanctions list's
 * load and a match's review on their collections, and the breach-readiness report at the root.
 */
import { json, payloadDoc } from '../responses'
import { camel, Context, errorsOf, idParamOf, op, PathItems } from './shared'

const HTML = { 'text/html': { schema: { type: 'string' } } }

export const complianceRecordRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /:id/print': ({ collection, slug, tag }) => ({
    [`/${slug}/{id}/print`]: {
      get: op(
        { operationId: `${camel(slug)}_print`, summary: 'The printable notice', tag },
        'The adverse-action notice as a standalone HTML letter, to print and mail or hand over. Staff and admins.',
        {
          parameters: [idParamOf(collection)],
          responses: {
            200: { content: HTML, description: 'The letter' },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
  'post /:id/deliver': ({ collection, slug, tag }) => ({
    [`/${slug}/{id}/deliver`]: {
      post: op(
        { operationId: `${camel(slug)}_deliver`, summary: 'Deliver the notice', tag },
        "Records how the notice reached the applicant, when and by whom: `email` first sends it through the configured SMTP server (to `to`, else the applicant's e-mail; a message the server refuses is a 503 and records nothing), `mail` (printed and mailed) and `in_person` record what staff did. A notice is delivered once, and not when it names no creditor (`CREDITOR_NAME`, `CREDITOR_ADDRESS`) or was withdrawn: each a 409 saying why. Staff and admins.",
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: json({
              properties: {
                method: { enum: ['email', 'mail', 'in_person'], type: 'string' },
                to: { format: 'email', type: 'string' },
              },
              required: ['method'],
              type: 'object',
            }),
            required: true,
          },
          responses: {
            200: payloadDoc(slug),
            ...errorsOf({ body: true, byId: true, extra: [409] }),
          },
        },
      ),
    },
  }),
  'post /load': ({ slug, tag }) => ({
    [`/${slug}/load`]: {
      post: op(
        { operationId: `${camel(slug)}_load`, summary: "Load OFAC's SDN list", tag },
        "OFAC's `sdn.csv` (required), `alt.csv` and `add.csv`, as they are published (no header rows, `-0-` for empty), as multipart files named `sdn`, `alt` and `add` or as a JSON object of those names holding each file's text (up to 32 MiB). A file not in OFAC's layout is a 400 naming it. The list is stored and a job screens every credit app's applicants and every deal's buyers against it, writing its progress on the list (`screening`). Staff admins and admin API clients.",
        {
          requestBody: {
            content: {
              'application/json': {
                example: {
                  sdn: '36001,"VOLKOV, Dmitri Ivanovich","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 14 Mar 1971."',
                },
                schema: {
                  properties: {
                    add: { type: 'string' },
                    alt: { type: 'string' },
                    sdn: { type: 'string' },
                  },
                  required: ['sdn'],
                  type: 'object',
                },
              },
              'multipart/form-data': {
                schema: {
                  properties: {
                    add: { format: 'binary', type: 'string' },
                    alt: { format: 'binary', type: 'string' },
                    sdn: { format: 'binary', type: 'string' },
                  },
                  required: ['sdn'],
                  type: 'object',
                },
              },
            },
            required: true,
          },
          responses: {
            201: { ...payloadDoc(slug), description: 'The list loaded' },
            ...errorsOf({ body: true }),
          },
        },
      ),
    },
  }),
  'post /:id/review': ({ collection, slug, tag }) => ({
    [`/${slug}/{id}/review`]: {
      post: op(
        { operationId: `${camel(slug)}_review`, summary: 'Clear or confirm a possible match', tag },
        "A reviewer clears (not the listed person) or confirms the match, with the reason (required, at least 10 characters); who and when are recorded. A credit app held by the match is then queued for its provider (no pending or confirmed match left) or blocked. A match scored at or above `SANCTIONS_SECOND_REVIEW_SCORE` (default 90) is cleared by a staff admin alone or by two different staff users: the first staff user's clearance is recorded in `firstClearance` and answered 202 (the match stays `pending`, its app held); the same user again is a 409; an API client is refused (403). A decided match is a 409. Staff and admins.",
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: {
              'application/json': {
                example: { decision: 'clear', reason: 'Different birth date and city of birth' },
                schema: {
                  properties: {
                    decision: { enum: ['clear', 'confirm'], type: 'string' },
                    reason: { minLength: 10, type: 'string' },
                  },
                  required: ['decision', 'reason'],
                  type: 'object',
                },
              },
            },
            required: true,
          },
          responses: {
            200: { ...payloadDoc(slug), description: 'The match decided' },
            202: {
              ...payloadDoc(slug),
              description: 'The first of two clearances recorded; the match stays pending',
            },
            ...errorsOf({ body: true, byId: true, extra: [409] }),
          },
        },
      ),
    },
  }),
})

export const COMPLIANCE_REPORTS_TAG = 'Compliance reports'

/** GET /api/compliance/breach-report. */
export const complianceRootPaths = (): PathItems => ({
  '/compliance/breach-report': {
    get: op(
      {
        operationId: 'breachReport',
        summary: 'Breach-readiness report',
        tag: COMPLIANCE_REPORTS_TAG,
      },
      "How many distinct consumers' unencrypted personal data (names, phone numbers, e-mail and postal addresses) each collection holds, the total across collections, the encrypted fields left out, and whether the FTC Safeguards Rule's notice threshold (500 consumers, 16 CFR 314.4(j)) is reached. Staff admins and admin API clients.",
      {
        responses: {
          200: {
            content: json({
              properties: {
                collections: {
                  items: {
                    properties: {
                      collection: { type: 'string' },
                      consumers: { type: 'integer' },
                      fields: { items: { type: 'string' }, type: 'array' },
                    },
                    required: ['collection', 'consumers', 'fields'],
                    type: 'object',
                  },
                  type: 'array',
                },
                distinctConsumers: { type: 'integer' },
                encryptedFields: { items: { type: 'string' }, type: 'array' },
                ftcNoticeRequired: { type: 'boolean' },
                generatedAt: { format: 'date-time', type: 'string' },
                noticeThreshold: { type: 'integer' },
              },
              required: [
                'collections',
                'distinctConsumers',
                'encryptedFields',
                'ftcNoticeRequired',
                'generatedAt',
                'noticeThreshold',
              ],
              type: 'object',
            }),
            description: 'The report',
          },
          ...errorsOf({}),
        },
      },
    ),
  },
})
