import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { drizzleOf } from '@/db/adapter'
import { settings } from '@/lib/settings'

/**
 * Deletes the consumer request records whose time to be kept is over (11 CCR 7101(a) asks for 24
 * months): closed (completed or denied), recorded and closed more than CONSUMER_REQUEST_KEEP_MONTHS
 * ago by the service's own clock (`createdAt`, `closedAt`: never the `receivedAt` a caller gives),
 * and of a consumer under no legal hold. An open request is never deleted, however old. Each
 * deletion writes an audit entry (`delete`, actor `system`) in the same statement; run daily by
 * the job runner, safe on several nodes.
 */
export const purgeOldRequests = async (payload: Payload, now = new Date()): Promise<number> => {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - settings('compliance').CONSUMER_REQUEST_KEEP_MONTHS)
  const at = now.toISOString()
  const { rows } = await drizzleOf(payload).execute<{ id: number }>(
    sql`WITH gone AS (
          DELETE FROM consumer_requests r
           WHERE r.status IN ('completed', 'denied')
             AND r.closed_at < ${cutoff.toISOString()}
             AND r.created_at < ${cutoff.toISOString()}
             AND NOT EXISTS (SELECT 1 FROM legal_holds h
                              WHERE h.consumer_id = r.consumer_id AND h.released_at IS NULL)
          RETURNING r.id)
        INSERT INTO audit_log (action, collection, record_id, actor, created_at, updated_at)
        SELECT 'delete', 'consumer-requests', gone.id::text, 'system', ${at}, ${at} FROM gone
        RETURNING record_id AS id`,
  )
  return rows.length
}
