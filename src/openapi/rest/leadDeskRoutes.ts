/** The lead desk's routes on leads (src/leadDesk/endpoints.ts). */
import { json, payloadDoc } from '../responses'
import { ANY_OBJECT, camel, Context, errorsOf, idParamOf, op, PathItems } from './shared'

export const leadDeskRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /:id/desk': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/desk`]: {
      get: op(
        { operationId: `${camel(slug)}_desk`, summary: "The lead page's desk panel", tag },
        "The lead's state (assignee with name, follow-up and contact due times, do-not-contact, escalation, current status), its timeline of lead events and VDP e-mails newest first, its consumer's other leads and its location's rota, each read as the caller.",
        {
          parameters: [idParamOf(collection)],
          responses: {
            200: { content: json(ANY_OBJECT), description: 'The desk panel' },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
  'post /:id/activity': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/activity`]: {
      post: op(
        { operationId: `${camel(slug)}_logActivity`, summary: 'Log activity on a lead', tag },
        "Creates a lead event on the lead (made current when it sets a status) and, with `followUpDue`, sets the lead's next follow-up time, in one transaction: when either is refused (a 409 for a person who asked not to be contacted, say) neither is saved. Needs the right to create lead events, and to change leads for `followUpDue`.",
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: json({
              properties: {
                followUpDue: { format: 'date-time', type: 'string' },
                nextSteps: { type: 'string' },
                status: { description: 'A lead event status.', type: 'string' },
                type: { description: 'A lead event type.', type: 'string' },
              },
              type: 'object',
            }),
            required: true,
          },
          responses: {
            201: {
              content: json({
                properties: { event: ANY_OBJECT, lead: ANY_OBJECT },
                required: ['event'],
                type: 'object',
              }),
              description: 'The lead event created, and the lead when its follow-up time changed',
            },
            ...errorsOf({ body: true, byId: true, extra: [409] }),
          },
        },
      ),
    },
  }),
  'post /:id/assign': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/assign`]: {
      post: op(
        { operationId: `${camel(slug)}_assign`, summary: 'Take or hand over a lead', tag },
        'Without `assignee`, the calling staff user takes the lead; with it, the lead is handed over to that staff user. Needs the right to change leads.',
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: json({
              properties: { assignee: { description: 'A user id.', type: 'integer' } },
              type: 'object',
            }),
          },
          responses: { 200: payloadDoc(slug), ...errorsOf({ body: true, byId: true }) },
        },
      ),
    },
  }),
})
