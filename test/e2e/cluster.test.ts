/**
 * `npm start` with WEB_CONCURRENCY=2: a primary and two workers on one port. Requests reach both
 * workers, the rate budget is one budget across them (no Redis: the primary keeps the counts),
 * one worker runs the jobs, a killed worker is replaced while the other keeps answering, and
 * SIGTERM to the primary stops everything.
 */
import fs from 'node:fs'
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { adminBuilt } from '../helpers/adminBuild'
import { createTestDatabase } from '../helpers/database'
import { childrenOf, commandLineOf } from '../helpers/processes'
import {
  productionSettings,
  type ServiceProcess,
  startServiceProcess,
} from '../helpers/serviceProcess'

const START_MS = 15 * 60_000
const BUDGET = 20

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: ServiceProcess

/** One GET on a connection of its own. */
const get = (path: string): Promise<{ headers: http.IncomingHttpHeaders; status: number }> =>
  new Promise((resolve, reject) => {
    http
      .get(`${service.url}${path}`, { agent: false, timeout: 10_000 }, (response) => {
        response.resume()
        response.on('end', () =>
          resolve({ headers: response.headers, status: response.statusCode! }),
        )
      })
      .on('timeout', () => reject(new Error(`GET ${path}: no answer within 10 s`)))
      .on('error', reject)
  })

/** The PIDs of the workers: the primary's children that run `start.js`. */
const workersOf = (pid: number): number[] =>
  childrenOf(pid).filter((child) => {
    try {
      return commandLineOf(child).some((part) => part.endsWith('start.js'))
    } catch {
      return false
    }
  })

const listeningPids = (): number[] =>
  [...service.output().matchAll(/"pid":(\d+)[^\n]*"msg":"commerce service listening"/g)].map(
    (match) => Number(match[1]),
  )

beforeAll(async () => {
  // The build first, as before: the workers serve the admin UI from their start.
  await adminBuilt()
  database = await createTestDatabase()
  service = await startServiceProcess({
    ...productionSettings(database.url),
    RATE_LIMIT_API: String(BUDGET),
    REDIS_URL: '',
    WEB_CONCURRENCY: '2',
  })
  await service.waitFor(/"msg":"all workers listening"/, START_MS)
  // The primary hears of a worker's listening before its log line has come through the pipe.
  await service.waitFor(/(commerce service listening[\s\S]*){2}/)
}, START_MS)

afterAll(async () => {
  await service?.stop()
  await database?.drop()
})

describe('WEB_CONCURRENCY=2', () => {
  it('two workers serve one port, and only one of them runs the jobs', async () => {
    const workers = workersOf(service.child.pid!)
    expect(workers).toHaveLength(2)
    // Both serve the admin UI too: V8's default young generation (src/start/cluster.ts).
    for (const worker of workers)
      expect(commandLineOf(worker)).not.toContain('--max-semi-space-size=4')
    expect(new Set(listeningPids())).toEqual(new Set(workers))
    expect(service.output().match(/this process runs the jobs/g)).toHaveLength(1)
    // Each worker accepts from the shared socket: a burst of connections reaches both.
    for (let round = 0; round < 3; round++) {
      const statuses = await Promise.all(Array.from({ length: 30 }, () => get('/readyz')))
      expect(statuses.every((answer) => answer.status === 200)).toBe(true)
    }
    const served = new Set(
      [...service.output().matchAll(/"pid":(\d+)[^\n]*"path":"\/readyz"/g)].map((m) =>
        Number(m[1]),
      ),
    )
    expect(served).toEqual(new Set(workers))
  })

  it('the rate budget is one budget across the workers, exactly', async () => {
    const from = service.output().length
    // In bursts, so that both workers take some: each alone would allow BUDGET.
    const answers = []
    for (let burst = 0; burst < 5; burst++) {
      answers.push(...(await Promise.all(Array.from({ length: 10 }, () => get('/api/users/me')))))
    }
    const served = new Set(
      [
        ...service
          .output()
          .slice(from)
          .matchAll(/"pid":(\d+)[^\n]*"path":"\/api\/users\/me"/g),
      ].map((match) => Number(match[1])),
    )
    expect(served).toEqual(new Set(workersOf(service.child.pid!)))
    const admitted = answers.filter((answer) => answer.status === 200)
    expect(admitted).toHaveLength(BUDGET)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(50 - BUDGET)
    const remaining = admitted.map((answer) => Number(answer.headers['ratelimit-remaining']))
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: BUDGET }, (_, i) => i))
  })

  it('a killed lead is replaced by a lead that runs the jobs, and the other answers meanwhile', async () => {
    const [, leadPid] = service.output().match(/"pid":(\d+)[^\n]*this process runs the jobs/)!
    const lead = Number(leadPid)
    const [survivor] = workersOf(service.child.pid!).filter((pid) => pid !== lead)
    // Requests in flight on the lead when it dies may fail; every one sent after must not.
    const during = Promise.all(Array.from({ length: 20 }, () => get('/readyz').catch(() => null)))
    process.kill(lead, 'SIGKILL')
    await during
    const after = await Promise.all(Array.from({ length: 30 }, () => get('/readyz')))
    expect(after.map((answer) => answer.status)).toEqual(Array(30).fill(200))
    await service.waitFor(/a worker died; starting another/)
    await service.waitFor(/(this process runs the jobs[\s\S]*){2}/, 120_000)
    const workers = workersOf(service.child.pid!)
    expect(workers).toHaveLength(2)
    expect(workers).toContain(survivor)
    expect(workers).not.toContain(lead)
  }, 180_000)

  it('SIGTERM to the primary stops every worker and exits 0', async () => {
    const workers = workersOf(service.child.pid!)
    expect(await service.stop('SIGTERM')).toBe(0)
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false)
  })
})
