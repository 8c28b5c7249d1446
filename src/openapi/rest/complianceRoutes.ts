/** The consumer request routes (src/compliance/requests/endpoints.ts) and the retention dry run. */
import { json, payloadDoc } from '../responses'
import { ANY_OBJECT, camel, Context, errorsOf, idParamOf, op, PathItems } from './shared'

export const COMPLIANCE_TAG = 'Compliance'

export const complianceRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /:id/export': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/export`]: {
      get: op(
        {
          operationId: `${camel(slug)}_export`,
          summary: "An access request's export",
          tag,
        },
        'Everything the service holds about the consumer of an access request (consumer, leads, lead events, VDP e-mails, do-not-contact records, web accounts and events, pre-approvals, credit apps, credit reports, deals, requests), SSNs masked, as a download: JSON `{consumer, exportedAt, sources}` or CSV `source,record,field,value`. For whoever may read the request; audited. 400 naming `format`, or `kind` for a deletion request.',
        {
          parameters: [
            idParamOf(collection),
            {
              in: 'query',
              name: 'format',
              schema: { default: 'json', enum: ['json', 'csv'], type: 'string' },
            },
          ],
          responses: {
            200: {
              content: { ...json(ANY_OBJECT), 'text/csv': { schema: { type: 'string' } } },
              description: 'The export, as an attachment',
            },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
  'post /:id/delete-data': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/delete-data`]: {
      post: op(
        {
          operationId: `${camel(slug)}_deleteData`,
          summary: 'Carry out a deletion request',
          tag,
        },
        "De-identifies the request's consumer in the records the law lets go, keeps the finance records (GLBA, Cal. Civ. Code 1798.145(e)), writes what was de-identified and what was kept, and why, on the request (`outcome`) and marks it completed, in one transaction (staff admins and admin clients). 400 naming `kind` for an access request.",
        {
          parameters: [idParamOf(collection)],
          responses: {
            200: payloadDoc('consumer-requests'),
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
})

const candidates = {
  items: {
    properties: {
      consumer: { type: 'string' },
      lastActivity: { format: 'date-time', type: 'string' },
    },
    required: ['consumer', 'lastActivity'],
    type: 'object',
  },
  type: 'array',
}

/** GET /retention/dry-run, a root route. */
export const compliancePaths = (): PathItems => ({
  '/retention/dry-run': {
    get: op(
      {
        operationId: 'retentionDryRun',
        summary: 'What the retention job would dispose of',
        tag: COMPLIANCE_TAG,
      },
      'The consumers inactive for `RETENTION_INACTIVE_MONTHS` that the daily retention job would dispose of now (`due`), and those a legal hold keeps (`held`); nothing is changed. Staff admins and admin API clients.',
      {
        responses: {
          200: {
            content: json({
              properties: {
                cutoff: { format: 'date-time', type: 'string' },
                due: candidates,
                held: candidates,
                months: { type: 'integer' },
                total: { type: 'integer' },
              },
              required: ['cutoff', 'due', 'held', 'months', 'total'],
              type: 'object',
            }),
            description: 'The consumers due, and those held',
          },
          ...errorsOf({}),
        },
      },
    ),
  },
})
