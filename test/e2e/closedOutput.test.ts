/**
 * The readers of the service's stdout and stderr go away (a log shipper piping `npm start` dies).
 * Unhandled, every write failed with EPIPE as an uncaught exception, which Next's handler
 * reported to stderr, failing again: the service spun at 100% CPU, answered nothing and ignored
 * SIGTERM. It must keep serving, idle quietly and stop when told.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals'

import { adminBuilt } from '../helpers/adminBuild'
import { createTestDatabase } from '../helpers/database'
import { cpuSeconds } from '../helpers/processes'
import {
  productionSettings,
  type ServiceProcess,
  startServiceProcess,
} from '../helpers/serviceProcess'

const START_MS = 15 * 60_000

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: ServiceProcess

beforeAll(async () => {
  // Next must be serving: its first page writes to its console.
  await adminBuilt()
  database = await createTestDatabase()
  service = await startServiceProcess({
    ...productionSettings(database.url),
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
