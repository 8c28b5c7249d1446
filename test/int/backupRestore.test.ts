/**
 * docs/deployment.md's backup and restore, done: a database with the demo data is dumped with
 * pg_dump, restored with pg_restore into a fresh database, and the service starts on it with
 * nothing to migrate, answers the same records and decrypts the credit data with its keys.
 * Runs on a PostgreSQL 15 of its own (the machine's server binaries, whose pg_dump matches it).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from 'drizzle-orm'
import pg from 'pg'

import { decryptValue } from '@/creditData/cipher'
import { openInner, readDataKey } from '@/creditData/consumerKeys'
import { seedDemoData } from '@/seed'

import {
  type Replicated,
  replicationUnavailable,
  runPostgresBinary,
  startReplicatedPostgres,
} from '../helpers/replicatedPostgres'
import { startTestService } from '../helpers/service'

const unavailable = replicationUnavailable()
if (unavailable) process.stderr.write(`backup and restore test skipped: ${unavailable}\n`)
const maybe = unavailable ? describe.skip : describe

let server: Replicated
const dumpFile = path.join(os.tmpdir(), `commerce-${process.pid}.dump`)

const onServer = async (statement: string) => {
  const client = new pg.Client({ connectionString: server.primaryUrl('postgres') })
  await client.connect()
  await client.query(statement)
  await client.end()
}

type Snapshot = { counts: Record<string, number>; migrations: number; ssn: string }

/** What a restore must keep: record counts, the migrations applied, and a decryptable SSN (with its consumer's data key). */
const snapshotOf = async (databaseUrl: string): Promise<Snapshot> => {
  const service = await startTestService({ databaseUrl })
  try {
    const { payload } = service
    const counts: Record<string, number> = {}
    for (const collection of ['consumer', 'credit-app', 'deal', 'company', 'lead'] as const)
      counts[collection] = (await payload.count({ collection })).totalDocs
    const { rows } = await payload.db.drizzle.execute<{ ssn: string }>(
      sql`SELECT ssn FROM credit_app WHERE id = 'crapp_demo_maria'`,
    )
    const migrations = (await payload.count({ collection: 'payload-migrations' })).totalDocs
    // The consumer's data key (table consumer_data_keys) must come back with the dump too.
    const ssn = await openInner(decryptValue(rows[0].ssn, 'ssn'), 'ssn', (consumer) =>
      readDataKey(payload.db.drizzle, consumer),
    )
    return { counts, migrations, ssn }
  } finally {
    await service.close()
  }
}

beforeAll(async () => {
  if (unavailable) return
  server = await startReplicatedPostgres({ replica: false })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  fs.rmSync(dumpFile, { force: true })
})

maybe('pg_dump and pg_restore', () => {
  it('a dump of a seeded database restores into a fresh one, and the service runs on it', async () => {
    await onServer('CREATE DATABASE source')
    const seeding = await startTestService({ databaseUrl: server.primaryUrl('source') })
    await seedDemoData(seeding.payload)
    await seeding.close()
    const before = await snapshotOf(server.primaryUrl('source'))
    expect(before.counts.consumer).toBeGreaterThan(0)
    expect(before.ssn).toBe('987-65-4321')

    await runPostgresBinary('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${dumpFile}`,
      server.primaryUrl('source'),
    ])
    await onServer('CREATE DATABASE restored')
    await runPostgresBinary('pg_restore', [
      '--no-owner',
      `--dbname=${server.primaryUrl('restored')}`,
      dumpFile,
    ])
    expect(await snapshotOf(server.primaryUrl('restored'))).toEqual(before)
  }, 180_000)
})
