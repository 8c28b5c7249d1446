/**
 * The keys of idempotent creates, kept in PostgreSQL (`idempotency_keys`, migration
 * 20261123_013000) so that every instance sees them: claimed by the first request with a key,
 * marked by the create's own transaction (./markCreate.ts), settled with the answer, deleted by
 * the job runner once expired. The HTTP layer's middleware (src/http/idempotency.ts) uses them.
 */
import type { Pool } from 'pg'

import { decryptValue, encryptValue } from '@/creditData/cipher'
import { settings } from '@/lib/settings'

/** Set here, never by the caller: the key's row id, for the create's transaction to mark. */
export const ROW_HEADER = 'x-commerce-idempotency-row'

export const messages = {
  committedLost:
    'A request with this Idempotency-Key saved its record but was cut off before answering. Read the record instead of sending it again.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Retry after it answers.',
  invalid: 'Send one Idempotency-Key of 1 to 255 printable ASCII characters.',
  mismatch:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
}

export type Stored = {
  body: Buffer | null
  committed: boolean
  /** The lease has ended: the request that claimed the key is no longer running. */
  lapsed: boolean
  headers: Record<string, string> | null
  request_hash: string
  state: 'done' | 'running'
  status: null | number
}

/**
 * Claims the key: a new key, an expired one, or one whose first request died before saving
 * anything. Returns the row's id, or null when the key is held.
 */
export const claim = async (pool: Pool, caller: string, key: string, hash: string) => {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO idempotency_keys (caller, key, request_hash, state, lease_until, expires_at)
     VALUES ($1, $2, $3, 'running', now() + make_interval(secs => $4), now() + make_interval(secs => $5))
     ON CONFLICT (caller, key) DO UPDATE SET
       request_hash = EXCLUDED.request_hash, state = 'running', status = NULL, headers = NULL,
       body = NULL, committed = false, created_at = now(), lease_until = EXCLUDED.lease_until,
       expires_at = EXCLUDED.expires_at
     WHERE idempotency_keys.expires_at < now()
        OR (idempotency_keys.state = 'running' AND idempotency_keys.lease_until < now()
            AND NOT idempotency_keys.committed)
     RETURNING id`,
    [
      caller,
      key,
      hash,
      settings('service').IDEMPOTENCY_LEASE_SECONDS,
      settings('service').IDEMPOTENCY_KEY_TTL_SECONDS,
    ],
  )
  return rows[0]?.id ?? null
}

/** The key's row, when another request holds it. */
export const storedAnswer = async (pool: Pool, caller: string, key: string) => {
  const { rows } = await pool.query<Stored>(
    `SELECT request_hash, state, status, headers, body, committed, lease_until < now() AS lapsed
       FROM idempotency_keys WHERE caller = $1 AND key = $2`,
    [caller, key],
  )
  return rows[0]
}

/**
 * Answers are kept encrypted with the credit-data key (they may hold a birth date, or a webhook
 * secret shown on create), bound to this use. A key retired from CREDIT_DATA_KEYS must stay
 * listed for IDEMPOTENCY_KEY_TTL_SECONDS, or the answers it sealed cannot be replayed.
 */
const ANSWER_FIELD = 'idempotency_keys.body'
const sealAnswer = (body: Buffer) =>
  Buffer.from(encryptValue(body.toString('base64'), ANSWER_FIELD))
export const openAnswer = (stored: Buffer) =>
  Buffer.from(decryptValue(stored.toString('utf8'), ANSWER_FIELD), 'base64')

/**
 * After an answer of 500 or more: the key is freed if nothing was saved, so a retry runs again.
 * If the create's transaction did commit (a 503 for a connection lost during COMMIT), its lease
 * ends now, so a retry is told the record was saved instead of creating it again.
 */
const FREE_OR_SETTLE = `
  WITH freed AS (DELETE FROM idempotency_keys WHERE id = $1 AND NOT committed)
  UPDATE idempotency_keys SET lease_until = now() WHERE id = $1 AND committed`

/** Keeps the answer (an answer of 500 or more frees the key instead: FREE_OR_SETTLE). */
export const settle = (
  pool: Pool,
  rowId: string,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
) =>
  status >= 500
    ? pool.query(FREE_OR_SETTLE, [rowId])
    : pool.query(
        `UPDATE idempotency_keys SET state = 'done', status = $2, headers = $3, body = $4
          WHERE id = $1`,
        [rowId, status, headers, sealAnswer(body)],
      )

/** Renews the lease of a key whose request still runs. */
export const renewLease = (pool: Pool, rowId: string, seconds: number) =>
  pool.query(
    `UPDATE idempotency_keys SET lease_until = now() + make_interval(secs => $2)
      WHERE id = $1 AND state = 'running'`,
    [rowId, seconds],
  )

/** Deletes expired keys (the job runner calls it with its periodic clean-up). */
export const deleteExpiredKeys = async (client: Pick<Pool, 'query'>): Promise<number> =>
  (await client.query('DELETE FROM idempotency_keys WHERE expires_at < now()')).rowCount ?? 0
