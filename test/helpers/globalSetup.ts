// Loaded by Node's require, outside jest's resolver: the `@/` alias is registered first.
import './registerAlias'

import path from 'node:path'

import { startEmbeddedPostgres } from '@/db/embedded'
import { dataDir, projectRoot } from '@/lib/paths'

import { createMigratedTemplate, createSeededTemplate } from './database'

/**
 * Tests use DATABASE_URL's server when it is set; otherwise a throwaway embedded PostgreSQL.
 * Either way each test file then works in a database of its own (test/helpers/database.ts).
 * The server's address is handed to the workers through TEST_DATABASE_SERVER, and the migrated
 * database their databases are copied from through TEST_DATABASE_TEMPLATE, and the copy of it
 * with the demo data loaded through TEST_DATABASE_SEEDED ("<name> <when seeded>"). The int and e2e
 * projects both name this setup: the second call finds the server already there.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_SERVER) return
  process.env.PAYLOAD_SECRET ||= 'test-secret-that-is-long-enough-for-payload-0123456789'
  process.env.LOG_LEVEL ||= 'warn'
  // Files the code under test writes (demo credentials) stay out of the developer's data folder.
  process.env.DATA_DIR ||= path.join(dataDir(), 'test-files')
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_SERVER = process.env.DATABASE_URL
  } else {
    const server = await startEmbeddedPostgres({
      dir: path.join(dataDir(), `test-postgres-${process.pid}`),
      password: 'test',
      throwaway: true,
    })
    ;(globalThis as { __testPostgres?: typeof server }).__testPostgres = server
    process.env.TEST_DATABASE_SERVER = server.adminUrl
  }
  const migrated = await createMigratedTemplate(projectRoot)
  process.env.TEST_DATABASE_TEMPLATE = migrated
  const seeded = await createSeededTemplate(projectRoot, migrated)
  process.env.TEST_DATABASE_SEEDED = `${seeded.name} ${seeded.seededAt}`
}
