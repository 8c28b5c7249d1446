import type { Migration, Payload } from 'payload'

// The keys alone, not the module's index: Payload must not load before the environment is set.
import { resolveCreditDataKeys } from '../creditData/keys'
import { closePool } from '../db/closePool'
import type { EmbeddedServer } from '../db/embedded'
import { handlePoolErrors } from '../db/poolErrors'
import { resolveDatabase } from '../db/resolveDatabase'
import { loadEnv } from '../lib/loadEnv'
import { logger } from '../lib/logger'
import { resolvePayloadSecret } from '../lib/secret'
import { checkSettings } from '../lib/settings'

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
  const embedded = await resolveDatabase()
  try {
    resolvePayloadSecret({ local: Boolean(embedded) })
    resolveCreditDataKeys({ local: Boolean(embedded) })
    return embedded
  } catch (error) {
    if (embedded?.owned) await embedded.stop()
    throw error
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
    const { migrations } = await import('../migrations')
    const payload = await getPayload({ config })
    handlePoolErrors(payload)
    if (migrate) {
      await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
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
