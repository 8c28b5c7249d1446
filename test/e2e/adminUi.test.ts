/**
 * Where the admin UI is served, and what a node answers while it has none: `npm start` with
 * ADMIN_UI=off serves the API without any build of the admin UI (Next is never loaded); with the
 * build missing, the API answers at once while the build runs beside it and /admin says so; a
 * build that fails is reported, and /admin says that too; ADMIN_UI=separate serves the API from
 * workers far smaller than the one process that serves the admin UI behind them.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'

import { projectRoot } from '@/lib/paths'

import { ADMIN_BUILD_MS, adminBuilt } from '../helpers/adminBuild'
import { createTestDatabase } from '../helpers/database'
import { childrenOf, commandLineOf } from '../helpers/processes'
import {
  productionSettings,
  type ServiceProcess,
  startServiceProcess,
} from '../helpers/serviceProcess'

const START_MS = 120_000
/** Build folders of this file's own, inside the project as Next requires; none is ever built. */
const scratch = path.join(projectRoot, '.data', `e2e-admin-ui-${process.pid}`)
const folder = (name: string) => path.relative(projectRoot, path.join(scratch, name))

let database: Awaited<ReturnType<typeof createTestDatabase>>
let settings: Record<string, string>
let service: ServiceProcess | undefined

const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

const start = async (env: Record<string, string>, ready = /commerce service listening/) => {
  service = await startServiceProcess({
    ...settings,
    DATA_DIR: scratch,
    WEB_CONCURRENCY: '1',
    ...env,
  })
  await service.waitFor(ready, START_MS)
  return service
}

beforeAll(async () => {
  database = await createTestDatabase()
  settings = productionSettings(database.url)
  fs.rmSync(scratch, { force: true, recursive: true })
  fs.mkdirSync(scratch, { recursive: true })
})

afterEach(async () => {
  await service?.stop()
  service = undefined
})

afterAll(async () => {
  await database?.drop()
  fs.rmSync(scratch, { force: true, recursive: true })
})

describe('ADMIN_UI=off', () => {
  it('serves the API with no admin UI build anywhere, and says /admin is not served here', async () => {
    const missing = folder('never-built')
    const { url } = await start({ ADMIN_BUILD_DIR: missing, ADMIN_UI: 'off' }, /^API:\s+http/m)
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    expect((await fetch(`${url}/api/users/me`)).status).toBe(200)
    const admin = await fetch(`${url}/admin`)
    expect(admin.status).toBe(404)
    expect(await admin.json()).toEqual({
      errors: [{ message: 'Not Found: the admin UI is not served by this node (ADMIN_UI=off).' }],
    })
    expect(fs.existsSync(path.join(projectRoot, missing))).toBe(false)
    expect(service!.output()).toContain('not served by this process: ADMIN_UI=off')
    expect(service!.output()).not.toContain('building the admin UI')
  })
})

describe('the admin UI build missing', () => {
  it('answers the API at once while the build runs beside it; /admin says it is being built', async () => {
    const dir = folder('being-built')
    const { output, url } = await start({ ADMIN_BUILD_DIR: dir, ADMIN_UI: 'on' })
    expect(output()).toContain('building the admin UI (next build) beside the API')
    expect(output()).toContain('being built beside the API')
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    expect((await fetch(`${url}/api/users/me`)).status).toBe(200)
    const admin = await fetch(`${url}/admin`)
    expect(admin.status).toBe(503)
    expect(admin.headers.get('retry-after')).toBe('5')
    expect(admin.headers.get('cache-control')).toBe('no-store')
    const page = await admin.text()
    expect(page).toContain('<meta http-equiv="refresh" content="5">')
    expect(page).toContain('The admin UI is being built')
    // The build is a child of the service, named in the lock beside its folder; it stops with it.
    const lock = path.join(projectRoot, `${dir}.building`)
    const [owner, builder] = fs.readFileSync(lock, 'utf8').trim().split(' ').map(Number)
    expect(owner).toBe(service!.child.pid)
    expect(childrenOf(service!.child.pid!)).toContain(builder)
    expect(await service!.stop()).toBe(0)
    expect(fs.existsSync(`/proc/${builder}`)).toBe(false)
    expect(fs.existsSync(lock)).toBe(false)
  })

  it('a build that fails is logged with its output, and /admin says it failed', async () => {
    // Next refuses `public` as its build folder: `next build` fails within seconds.
    const { output, url } = await start(
      { ADMIN_BUILD_DIR: 'public', ADMIN_UI: 'on', LOG_LEVEL: 'info' },
      /the admin UI build failed/,
    )
    const failure = output()
      .split('\n')
      .find((line) => line.includes('the admin UI build failed'))!
    expect(JSON.parse(failure)).toMatchObject({
      err: { message: 'next build failed (exit code 1)' },
      level: 50,
      log: path.join(scratch, 'admin-build.log'),
      output: expect.stringContaining('public'),
    })
    const admin = await fetch(`${url}/admin`)
    expect(admin.status).toBe(503)
    expect(admin.headers.get('retry-after')).toBeNull()
    const page = await admin.text()
    expect(page).toContain('The admin UI could not be built')
    expect(page).not.toContain('http-equiv="refresh"')
    expect((await fetch(`${url}/api/users/me`)).status).toBe(200)
  })
})

describe('ADMIN_UI=separate', () => {
  beforeAll(adminBuilt, ADMIN_BUILD_MS)

  it(
    'the API workers hand /admin to one process that serves it, and stay far smaller',
    async () => {
      const { child, url } = await start(
        { ADMIN_UI: 'separate', LOG_LEVEL: 'info' },
        /"msg":"all workers listening"/,
      )
      // Sources changed since `adminBuilt` (the build folder is shared): the primary builds first.
      await service!.waitFor(/serving the admin UI/, ADMIN_BUILD_MS)
      const login = await fetch(`${url}/admin/login`)
      expect(login.status).toBe(200)
      expect(await login.text()).toContain('<html')
      expect((await fetch(`${url}/api/users/me`)).status).toBe(200)
      const roles = new Map(
        childrenOf(child.pid!).flatMap((pid) => {
          const role = /COMMERCE_WORKER_ROLE=(\w+)/.exec(
            fs.readFileSync(`/proc/${pid}/environ`, 'utf8'),
          )?.[1]
          return role ? [[role, pid] as const] : []
        }),
      )
      expect([...roles.keys()].sort()).toEqual(['admin', 'lead'])
      // The API worker's young generation is the smaller one (src/start/cluster.ts).
      expect(commandLineOf(roles.get('lead')!)).toContain('--max-semi-space-size=4')
      expect(commandLineOf(roles.get('admin')!)).not.toContain('--max-semi-space-size=4')
      // The API worker runs the lean build, the admin worker the one Next can load beside.
      expect(commandLineOf(roles.get('lead')!).join(' ')).toMatch(/\/lean\/start\.js$/)
      expect(commandLineOf(roles.get('admin')!).join(' ')).not.toMatch(/\/lean\//)
      // Node's source maps stay off in the lean one (the logger maps frames itself).
      expect(commandLineOf(roles.get('lead')!)).not.toContain('--enable-source-maps')
      expect(commandLineOf(roles.get('admin')!)).toContain('--enable-source-maps')
      // Next and the admin UI's pages live in the admin worker only.
      expect(rssMiB(roles.get('lead')!) + 60).toBeLessThan(rssMiB(roles.get('admin')!))
    },
    ADMIN_BUILD_MS + START_MS,
  )
})
