import type { JobsConfig, PayloadRequest, SanitizedConfig } from 'payload'

import { screenSanctionsTask } from '@/flows/creditHolds'
import { sendCreditAppTask } from '@/providers'

import { isStaffAdminUser } from '../../access/isStaffAdmin'

const staffAdmin = ({ req }: { req: PayloadRequest }) => isStaffAdminUser(req.user)

/**
 * Payload's jobs queue (table payload_jobs). Jobs are run by src/jobs/runner.ts, in-process or by
 * `npm run worker`, never by Payload's cron. Its run/queue/cancel endpoints are for staff admins.
 * Each task is defined beside its handler, in its feature's folder.
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
  tasks: [sendCreditAppTask, screenSanctionsTask],
}

/** Does any job task or workflow run on a schedule (else Payload's /handle-schedules fails)? */
export const hasSchedules = (config: SanitizedConfig): boolean =>
  [...(config.jobs?.tasks ?? []), ...(config.jobs?.workflows ?? [])].some(
    (job) => job.schedule?.length,
  )
