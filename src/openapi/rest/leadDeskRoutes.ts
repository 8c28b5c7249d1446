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
