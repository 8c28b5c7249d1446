import type { Payload } from 'payload'

/**
 * Payload's PostgreSQL adapter, with read replicas configured, sends reads outside a transaction
 * to a replica, except for `readReplicasAfterWriteInterval` after a write made by this process
 * (it stamps `lastWriteTimestamp`). These reach into that so a read can be sent to the primary
 * for a caller who wrote elsewhere.
 */
type ReplicatedAdapter = { lastWriteTimestamp?: number; primaryDrizzle?: unknown }

const adapterOf = (payload: Payload) => payload.db as unknown as ReplicatedAdapter

export const hasReadReplicas = (payload: Payload): boolean =>
  Boolean(adapterOf(payload).primaryDrizzle)

/** Reads of this process go to the primary for the adapter's read-after-write window from now. */
export const readFromPrimaryForAWhile = (payload: Payload): void => {
  const adapter = adapterOf(payload)
  if (adapter.primaryDrizzle) adapter.lastWriteTimestamp = Date.now()
}
