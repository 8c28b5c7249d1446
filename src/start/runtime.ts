import { setTimeout as sleep } from 'node:timers/promises'

import type { Migration, Payload } from 'payload'

import { checkSignInSettings } from '@/auth/oidc/config'
// The keys alone, not the module's index: Payload must not load before the environment is set.
import { resolveCreditDataKeys } from '@/creditData/keys'
import { poolOf } from '@/db/adapter'
import { closePool } from '@/db/closePool'
import type { EmbeddedServer } from '@/db/embedded'
import { guardPooledQueries } from '@/db/pooledQueries'
import { handlePoolErrors } from '@/db/poolErrors'
import { fallBackToPrimary } from '@/db/replicas'
import { resolveDatabase } from '@/db/resolveDatabase'
import { loadEnv } from '@/lib/loadEnv'
import { logger } from '@/lib/logger'
import { resolvePayloadSecret } from '@/lib/secret'
import { checkSettings } from '@/lib/settings'

export type Runtime = {
  close: () => Promise<void>
  embedded: EmbeddedServer | null
  payload: Payload
}

/**
 * The environment (with its settings checked), the database (embedded when DATABASE_URL is not
 * set) and the secrets, all set in process.env, where Payload and any forked process find them.
 */
export const openEnvironment = async (): Promise<EmbeddedServer | null> => {
  loadEnv()
  checkSettings()
  checkSignInSettings()
  const embedded = await resolveDatabase()
  // The quick start's demo staff sign in with a password alone unless told otherwise; a
  // database of one's own (DATABASE_URL) asks every staff user for a second factor.
  if (embedded) process.env.MFA_REQUIRED ??= 'admins'
  try {
    resolvePayloadSecret({ local: Boolean(embedded) })
    resolveCreditDataKeys({ local: Boolean(embedded) })
    return embedded
  } catch (error) {
    if (embedded?.owned) await embedded.stop()
    throw error
  }
}

/** Advisory lock key of migrations and the start's other one-off writes (the job runner's is another). */
export const MIGRATION_LOCK = 0x636f6d6d // "comm"
const LOCK_POLL_MS = 200

/**
 * Runs `work` holding a PostgreSQL advisory lock, so nodes started together migrate one after
 * another: the first applies what is pending, the others find nothing left to do. The lock is
 * polled, not waited for in one statement, which DATABASE_QUERY_TIMEOUT_MS would cancel while
 * another node's migrations run.
 */
export const oneAtATime = async <T>(
  payload: Payload,
  key: number,
  work: () => Promise<T>,
): Promise<T> => {
  const client = await poolOf(payload).connect()
  try {
    while (!(await client.query('SELECT pg_try_advisory_lock($1) AS locked', [key])).rows[0].locked)
      await sleep(LOCK_POLL_MS)
    return await work()
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {})
    client.release()
  }
}

/**
 * Everything the server, the CLI scripts and the tests share to get a working Payload: the
 * environment (openEnvironment), Payload, and the schema brought up to date by the committed
 * migrations.
 */
export const openRuntime = async ({
  migrate = true,
}: { migrate?: boolean } = {}): Promise<Runtime> => {
  const embedded = await openEnvironment()
  try {
    // Imported only now: the config reads DATABASE_URL and PAYLOAD_SECRET when it is evaluated.
    // One at a time: jest's ESM loader cannot link parallel imports that share dependencies.
    const { getPayload } = await import('payload')
    const { default: config } = await import('../../payload.config')
    const { migrations } = await import('@/migrations')
    const payload = await getPayload({ config })
    handlePoolErrors(payload)
    guardPooledQueries(payload)
    fallBackToPrimary(payload)
    if (migrate) {
      await oneAtATime(payload, MIGRATION_LOCK, () =>
        // The generated index types each migration's args with the adapter's own, narrower types.
        payload.db.migrate({ migrations: migrations as unknown as Migration[] }),
      )
    }
    let closing: Promise<void> | undefined
    const close = () =>
      (closing ??= (async () => {
        await closePool(payload).catch((error) =>
          logger.warn({ err: error }, 'closing the pool failed'),
        )
        ;(globalThis as { _payload?: Map<string, unknown> })._payload?.delete('default')
        if (embedded?.owned) await embedded.stop()
      })())
    return { close, embedded, payload }
  } catch (error) {
    if (embedded?.owned) await embedded.stop()
    throw error
  }
}
