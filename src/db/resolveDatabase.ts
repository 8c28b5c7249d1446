import path from 'node:path'

import { localSecret } from '@/lib/localSecrets'
import { logger } from '@/lib/logger'
import { dataDir } from '@/lib/paths'

import type { EmbeddedServer } from './embedded'

export const LOCAL_DATABASE = 'commerce'

/**
 * Uses DATABASE_URL when it is set. Otherwise starts the embedded PostgreSQL with its data in
 * DATA_DIR/postgres and points DATABASE_URL at it, so everything that runs afterwards in this
 * process (Payload, migrations, scripts) sees one connection string. While this process owns the
 * server, it restarts it on the same port if it dies (the pool reconnects by itself).
 */
export const resolveDatabase = async (): Promise<EmbeddedServer | null> => {
  if (process.env.DATABASE_URL) return null
  // Loaded only here: a node given DATABASE_URL starts without the package (about 0.1 s).
  const { ensureDatabase, startEmbeddedPostgres } = await import('./embedded')
  const started = Date.now()
  const log = logger.child({ component: 'embedded-postgres' })
  const server = await startEmbeddedPostgres({
    dir: path.join(dataDir(), 'postgres'),
    log: (message) => log.debug(message),
    password: localSecret('postgresPassword'),
    report: (level, message) => log[level](message),
    supervise: true,
  })
  await ensureDatabase(server.adminUrl, LOCAL_DATABASE)
  process.env.DATABASE_URL = server.urlFor(LOCAL_DATABASE)
  log.info({ ms: Date.now() - started, owned: server.owned }, 'embedded PostgreSQL ready')
  return server
}
