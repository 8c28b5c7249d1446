import type { Payload } from 'payload'

import { logger } from '@/lib/logger'

import { purgeOldRequests } from '../requests/purge'
import { runRetention } from './dispose'

/** How often the job runner runs the compliance sweep. */
export const COMPLIANCE_SWEEP_MS = 24 * 3600_000

/**
 * The daily compliance sweep (src/jobs/runner.ts): consumers past retention disposed of, request
 * records past theirs deleted. Each part is safe to run on several nodes at once.
 */
export const complianceSweep = async (payload: Payload, now = new Date()) => {
  const retention = await runRetention(payload, { now })
  const purgedRequests = await purgeOldRequests(payload, now)
  if (purgedRequests)
    logger.info({ deleted: purgedRequests }, 'retention: old consumer requests deleted')
  return { disposed: retention.disposed.length, held: retention.held.length, purgedRequests }
}
