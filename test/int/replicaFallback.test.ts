/**
 * A read replica that goes down costs no read: its postmaster killed, every read still answers
 * 200 (retried on the primary, then sent there while the replica is down), `/readyz` stays 200
 * and says the replica is down, and one warning says so; started again, reads return to it after
 * the cool-down (one info line) and `/readyz` says it is up. A real primary and streaming replica.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import pg from 'pg'

import { REPLICA_COOL_DOWN_MS } from '@/db/replicas'
import { logger } from '@/lib/logger'

import { captureLog, type LogCapture } from '../helpers/logCapture'
import { apiClient, type Principal } from '../helpers/principals'
import {
  type Replicated,
  replicationUnavailable,
  startReplicatedPostgres,
} from '../helpers/replicatedPostgres'
import { startTestService, type TestService } from '../helpers/service'

const unavailable = replicationUnavailable()
if (unavailable) process.stderr.write(`replica fallback test skipped: ${unavailable}\n`)
const maybe = unavailable ? describe.skip : describe

const DATABASE = 'commerce'
const COMPANY = 'Replicated Motors'
const readUrlsBefore = process.env.DATABASE_READ_URLS

let database: Replicated
let service: TestService
let reader: Principal
let log: LogCapture | undefined

/** The replica has replayed everything the primary has written so far. */
const replicaCaughtUp = async () => {
  const primary = new pg.Client({ connectionString: database.primaryUrl('postgres') })
  await primary.connect()
  const lsn = (await primary.query('SELECT pg_current_wal_lsn() AS lsn')).rows[0].lsn
  await primary.end()
  for (const deadline = Date.now() + 30_000; ;) {
    const { rows } = await database.onReplica(
      `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`,
    )
    if (rows[0].done) return
    if (Date.now() > deadline) throw new Error('the replica did not catch up')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const read = async () => {
  const response = await service.api('/api/companies?limit=1', { headers: reader.headers })
  return { body: await response.json(), status: response.status }
}

const readiness = async () => {
  const response = await service.api('/readyz')
  return { body: await response.json(), status: response.status }
}

/** Info lines are not written under the tests' LOG_LEVEL (warn): their calls are counted instead. */
const info = jest.spyOn(logger, 'info')
const backLines = () =>
  info.mock.calls.filter((call) => /read replica is back/.test(String(call[1])))

/** Reads (never /readyz) until a read has found the replica back, after its cool-down. */
const readUntilBack = async (backBefore: number) => {
  const deadline = Date.now() + REPLICA_COOL_DOWN_MS + 10_000
  while (backLines().length === backBefore) {
    if (Date.now() > deadline) throw new Error('reads never went back to the replica')
    await expectCompany()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const expectCompany = async () => {
  const answer = await read()
  expect(answer.status).toBe(200)
  expect(answer.body.data.map((company: { name: string }) => company.name)).toEqual([COMPANY])
}

const replicaState = (state: 'down' | 'up') => ({
  database: 'reachable',
  replicas: [{ replica: 1, since: expect.any(String), state }],
  status: 'ready',
})

beforeAll(async () => {
  if (unavailable) return
  database = await startReplicatedPostgres()
  const admin = new pg.Client({ connectionString: database.primaryUrl('postgres') })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${DATABASE}`)
  await admin.end()
  await replicaCaughtUp()
  // The service starts while its replica is down.
  process.kill(database.replicaPid(), 'SIGKILL')
  process.env.DATABASE_READ_URLS = database.replicaUrl(DATABASE)
  service = await startTestService({ databaseUrl: database.primaryUrl(DATABASE) })
  reader = await apiClient(service.payload, 'integrator')
  await service.payload.create({ collection: 'company', data: { name: COMPANY } })
  // Past this node's read-after-write window: its reads go to the replica.
  await new Promise((resolve) => setTimeout(resolve, 2_100))
}, 180_000)

afterAll(async () => {
  process.env.DATABASE_READ_URLS = readUrlsBefore ?? ''
  log?.restore()
  await service?.close()
  await database?.stop()
})

maybe('a read replica that is down', () => {
  it('a service started while its replica is down serves reads from the primary until it is back', async () => {
    await expectCompany()
    const ready = await readiness()
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual(replicaState('down'))

    await database.restartReplica()
    await replicaCaughtUp()
    await readUntilBack(0)
    expect((await readiness()).body).toEqual(replicaState('up'))
    await expectCompany()
  }, 120_000)

  it('a replica killed while serving: reads answer 200 throughout, /readyz says down then up, one warning', async () => {
    log = captureLog()
    process.kill(database.replicaPid(), 'SIGKILL')
    for (let i = 0; i < 20; i++) await expectCompany()
    const whileDown = await readiness()
    expect(whileDown.status).toBe(200)
    expect(whileDown.body).toEqual(replicaState('down'))
    expect(Date.parse(whileDown.body.replicas[0].since)).toBeGreaterThan(Date.now() - 10_000)
    expect(JSON.stringify(whileDown.body)).not.toMatch(/postgres|127\.0\.0\.1/)

    await database.restartReplica()
    await readUntilBack(1)
    expect((await readiness()).body).toEqual(replicaState('up'))
    await expectCompany()

    const warnings = log.lines().filter((line) => Number(line.level) >= 40)
    expect(warnings).toEqual([
      expect.objectContaining({ msg: 'read replica unavailable: its reads go to the primary' }),
    ])
    expect(backLines()).toHaveLength(2) // once per outage
  }, 120_000)
})
