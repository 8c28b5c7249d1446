/**
 * The readers of the service's stdout and stderr go away (a log shipper piping `npm start` dies).
 * Unhandled, every write failed with EPIPE as an uncaught exception, which Next's handler
 * reported to stderr, failing again: the service spun at 100% CPU, answered nothing and ignored
 * SIGTERM. It must keep serving, idle quietly and stop when told.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'

import { afterAll, beforeAll, expect, it } from '@jest/globals'

import { createTestDatabase } from '../helpers/database'
import { type ServiceProcess, startServiceProcess } from '../helpers/serviceProcess'

const START_MS = 15 * 60_000

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: ServiceProcess

/** CPU seconds (user + system) the process has used so far. */
const cpuSeconds = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

beforeAll(async () => {
  database = await createTestDatabase()
  service = await startServiceProcess({
    CREDIT_DATA_KEYS: `k1:${crypto.randomBytes(32).toString('base64')}`,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
    WEB_CONCURRENCY: '1',
  })
  await service.waitFor(/commerce service listening/, START_MS)
}, START_MS)

afterAll(async () => {
  await service?.stop('SIGKILL')
  await database?.drop()
})

it('with both outputs closed, the service keeps answering, idles, and stops on SIGTERM', async () => {
  service.child.stdout!.destroy()
  service.child.stderr!.destroy()
  // Each request writes a log line (and Next writes to its console on its first page).
  for (let i = 0; i < 5; i++) {
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200)
    expect((await fetch(`${service.url}/api/users/me`)).status).toBe(200)
    expect((await fetch(`${service.url}/admin/login`)).status).toBeLessThan(500)
  }
  const pid = service.child.pid!
  const before = cpuSeconds(pid)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  expect(cpuSeconds(pid) - before).toBeLessThan(0.5)
  expect(await service.stop('SIGTERM', 20_000)).toBe(0)
})
