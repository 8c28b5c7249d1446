/**
 * `npm start` with WEB_CONCURRENCY=2: a primary and two workers on one port. Requests reach both
 * workers, the rate budget is one budget across them (no Redis: the primary keeps the counts),
 * one worker runs the jobs, a killed worker is replaced while the other keeps answering, and
 * SIGTERM to the primary stops everything.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { createTestDatabase } from '../helpers/database'
import { type ServiceProcess, startServiceProcess } from '../helpers/serviceProcess'

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

/** The PIDs of the workers: the processes whose parent is `pid` and that run `start.js`. */
const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return (
          fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] ===
          String(pid)
        )
      } catch {
        return false
      }
    })
    .map(Number)

const listeningPids = (): number[] =>
  [...service.output().matchAll(/"pid":(\d+)[^\n]*"msg":"commerce service listening"/g)].map(
    (match) => Number(match[1]),
  )

beforeAll(async () => {
  database = await createTestDatabase()
  service = await startServiceProcess({
    CREDIT_DATA_KEYS: `k1:${crypto.randomBytes(32).toString('base64')}`,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
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
    const workers = childrenOf(service.child.pid!)
    expect(workers).toHaveLength(2)
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
    const answers = []
    for (let i = 0; i < BUDGET + 5; i++) answers.push(await get('/api/users/me'))
    const remaining = answers.map((answer) => Number(answer.headers['ratelimit-remaining']))
    expect(remaining.slice(0, BUDGET)).toEqual(
      Array.from({ length: BUDGET }, (_, i) => BUDGET - 1 - i),
    )
    expect(answers.slice(0, BUDGET).every((answer) => answer.status === 200)).toBe(true)
    expect(answers.slice(BUDGET).map((answer) => answer.status)).toEqual(Array(5).fill(429))
  })

  it('a killed worker is replaced, and the other answers meanwhile', async () => {
    const [victim, survivor] = childrenOf(service.child.pid!)
    process.kill(victim, 'SIGKILL')
    // Each answer below came from the survivor (or the replacement): none failed.
    for (let i = 0; i < 4; i++) expect((await get('/readyz')).status).toBe(200)
    await service.waitFor(/a worker died; starting another/)
    const before = listeningPids().length
    for (let waited = 0; listeningPids().length === before && waited < 120_000; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200))
    const workers = childrenOf(service.child.pid!)
    expect(workers).toHaveLength(2)
    expect(workers).toContain(survivor)
    expect(workers).not.toContain(victim)
  }, 180_000)

  it('SIGTERM to the primary stops every worker and exits 0', async () => {
    const workers = childrenOf(service.child.pid!)
    expect(await service.stop('SIGTERM')).toBe(0)
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false)
  })
})
