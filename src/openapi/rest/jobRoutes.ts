/** The job queue's routes (Payload's jobs collection): queue the scheduled jobs, run the queued ones. */
import { json, ref } from '../responses'
import { ANY_OBJECT, camel, Context, errorsOf, message, op, PathItems } from './shared'

export const jobRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /handle-schedules': ({ slug, tag }) => ({
    [`/${slug}/handle-schedules`]: {
      get: op(
        { operationId: `${camel(slug)}_handleSchedules`, summary: 'Queue scheduled jobs', tag },
        'Queues the jobs whose schedule is due (staff admins).',
        { responses: { 200: message('Done'), ...errorsOf({}) } },
      ),
    },
  }),
  'get /run': ({ slug, tag }) => ({
    [`/${slug}/run`]: {
      get: op(
        { operationId: `${camel(slug)}_run`, summary: 'Run queued jobs', tag },
        'Runs the queued jobs that are due now (staff admins; the service runs them by itself too).',
        {
          responses: {
            200: { content: json(ANY_OBJECT), description: 'What was run' },
            ...errorsOf({}),
            401: {
              content: json({
                anyOf: [
                  ref('PayloadErrors'),
                  {
                    properties: { message: { type: 'string' } },
                    required: ['message'],
                    type: 'object',
                  },
                ],
              }),
              description: 'Unauthorized: staff admins only',
            },
          },
        },
      ),
    },
  }),
})
