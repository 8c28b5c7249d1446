/**
 * Safe retries of creates under an `Idempotency-Key`: the keys (./keys.ts), the mark a create
 * leaves in its own transaction (./markCreate.ts) and the access a replay re-checks
 * (./replayAccess.ts). The HTTP layer answers with them (src/http/idempotency.ts).
 */
export * from './keys'
export * from './markCreate'
export * from './replayAccess'
