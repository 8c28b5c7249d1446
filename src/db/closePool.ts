import type { Payload } from 'payload'
import type pg from 'pg'

import { poolOf, replicaPoolsOf } from './adapter'

type PoolInternals = pg.Pool & {
  _clients?: (pg.PoolClient & { release?: () => void })[]
  _idle?: { client: unknown }[]
}

/**
 * Ends Payload's connection pools (the primary's and the read replicas'). The adapter's
 * `destroy()` leaves them open, and the adapter checks out one client of each at connect time that
 * it never releases, so `pool.end()` alone would wait forever. Must run before the embedded server
 * stops, or the server's 57P01 "terminating connection" reaches a client with no error handler and
 * crashes the process.
 */
export const closePool = async (payload: Payload): Promise<void> => {
  const pools: (PoolInternals | undefined)[] = [poolOf(payload), ...replicaPoolsOf(payload)]
  await payload.destroy()
  await Promise.all(pools.map(endPool))
}

const endPool = async (pool: PoolInternals | undefined): Promise<void> => {
  if (!pool || pool.ended) return
  pool.on('error', () => {})
  const idle = new Set((pool._idle || []).map((item) => item.client))
  for (const client of pool._clients || []) {
    if (!idle.has(client)) {
      client.on('error', () => {})
      client.release?.()
    }
  }
  await pool.end()
}
