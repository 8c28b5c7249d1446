import type { JobsConfig, PayloadRequest } from 'payload'

import { isStaffAdminUser } from '../../access/isStaffAdmin'
import { PROVIDER_QUEUE, SEND_TASK, type SendInput, submitCreditApp } from '../providers/submit'

const staffAdmin = ({ req }: { req: PayloadRequest }) => isStaffAdminUser(req.user)

/**
 * Payload's jobs queue (table payload_jobs). Jobs are run by src/jobs/runner.ts, in-process or by
 * `npm run worker`, never by Payload's cron. Its run/queue/cancel endpoints are for staff admins.
 */
export const jobs: JobsConfig = {
  access: { cancel: staffAdmin, queue: staffAdmin, run: staffAdmin },
  // Staff admins can watch the queue (admin UI → Operations → Jobs); inputs hold ids, never personal data.
  jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
    ...defaultJobsCollection,
    access: { ...defaultJobsCollection.access, read: staffAdmin },
    admin: {
      ...defaultJobsCollection.admin,
      defaultColumns: [
        'id',
        'taskSlug',
        'input',
        'waitUntil',
        'totalTried',
        'processing',
        'hasError',
      ],
      group: 'Operations',
      hidden: false,
    },
    labels: { plural: 'Jobs', singular: 'Job' },
  }),
  tasks: [
    {
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
        output: { result: await submitCreditApp(req, input as SendInput) },
      }),
      outputSchema: [{ name: 'result', type: 'text' }],
    },
  ],
}

export { PROVIDER_QUEUE }
