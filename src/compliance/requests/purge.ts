import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { settings } from '@/lib/settings'

/**
 * Deletes consumer request records received more than CONSUMER_REQUEST_KEEP_MONTHS ago (11 CCR
 * 7101(a) asks for 24 months); run daily by the job runner. One statement: safe on several nodes.
 */
export const purgeOldRequests = async (payload: Payload, now = new Date()): Promise<number> => {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - settings('compliance').CONSUMER_REQUEST_KEEP_MONTHS)
  const { rowCount } = await payload.db.drizzle.execute(
    sql`DELETE FROM consumer_requests WHERE received_at < ${cutoff.toISOString()}`,
  )
  return rowCount ?? 0
}
