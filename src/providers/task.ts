import type { TaskConfig } from 'payload'

import { SEND_TASK, submitCreditApp } from './submit'

/**
 * The job that sends a credit app to its provider, one attempt per job (src/providers/submit.ts),
 * queued by queueForProvider (./hooks.ts) and by the attempt before it. Registered in the jobs
 * queue's config (src/jobs/config.ts).
 */
export const sendCreditAppTask: TaskConfig<typeof SEND_TASK> = {
  slug: SEND_TASK,
  inputSchema: [
    { name: 'creditApp', type: 'text', required: true },
    { name: 'attempt', type: 'number', required: true },
    { name: 'queuedAt', type: 'text', required: true },
  ],
  label: 'Send a credit app to its provider',
  // Provider failures are retried by submitCreditApp itself (backoff with jitter, Retry-After).
  // These retries only cover the unexpected, e.g. the database gone mid-job.
  retries: { attempts: 5, backoff: { delay: 10_000, type: 'exponential' } },
  handler: async ({ input, req }) => ({
    output: { result: await submitCreditApp(req, input) },
  }),
  outputSchema: [{ name: 'result', type: 'text' }],
}
