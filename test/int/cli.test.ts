import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { lastLine, runCli } from '../helpers/cli'
import { createTestDatabase } from '../helpers/database'
import { startTestService, type TestService } from '../helpers/service'

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: TestService
let env: Record<string, string>

beforeAll(async () => {
  database = await createTestDatabase()
  env = { DATABASE_URL: database.url }
  service = await startTestService({ databaseUrl: database.url })
})
afterAll(async () => {
  await service?.close()
  await database?.drop()
})

describe('npm run create-api-key', () => {
  it('prints the new client as JSON on its last stdout line, and the key works', async () => {
    const result = await runCli(
      'create-api-key',
      ['--role', 'integrator', '--name', 'Storefront'],
      env,
    )
    expect(result.code).toBe(0)
    const printed = JSON.parse(lastLine(result.stdout))
    expect(printed).toEqual({
      apiKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      authorization: `api-clients API-Key ${printed.apiKey}`,
      id: expect.any(Number),
      role: 'integrator',
    })
    const me = await service.api('/api/api-clients/me', {
      headers: { Authorization: printed.authorization },
    })
    expect(me.status).toBe(200)
    expect((await me.json()).user).toMatchObject({
      id: printed.id,
      name: 'Storefront',
      role: 'integrator',
    })
  })

  it('refuses an unknown role with exit code 2 and the list of roles', async () => {
    const result = await runCli('create-api-key', ['--role', 'superuser'], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      '--role must be one of integrator, lead-agent, lead-source, admin',
    )
    expect(result.stdout).toBe('')
  })
})

describe('npm run create-admin', () => {
  it('creates a staff admin who can log in, and resets the password when run again', async () => {
    const first = await runCli(
      'create-admin',
      ['--email', 'Ops@Example.com', '--password', 'first-password-123'],
      env,
    )
    expect(first.code).toBe(0)
    expect(JSON.parse(lastLine(first.stdout))).toMatchObject({
      created: true,
      email: 'ops@example.com',
      role: 'admin',
    })
    const again = await runCli(
      'create-admin',
      ['--email', 'ops@example.com', '--password', 'second-password-456'],
      env,
    )
    expect(JSON.parse(lastLine(again.stdout))).toMatchObject({ created: false, role: 'admin' })
    const login = await service.api('/api/users/login', {
      body: JSON.stringify({ email: 'ops@example.com', password: 'second-password-456' }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    // The password is right: the service asks the new admin to set up a second factor.
    expect(login.status).toBe(401)
    expect((await login.json()).errors[0].data.mfa).toBe('enrol')
  })

  it('refuses a short password', async () => {
    const result = await runCli(
      'create-admin',
      ['--email', 'short@example.com', '--password', 'short'],
      env,
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('12 characters or more')
  })
})

describe('npm run seed', () => {
  it('loads the demo data once, one query at a time on a connection; running it again changes nothing', async () => {
    const seedEnv = { ...env, DATA_DIR: `.data/test-seed-${process.pid}` }
    const first = await runCli('seed', [], seedEnv)
    expect(first.code).toBe(0)
    expect(JSON.parse(lastLine(first.stdout)).created).toBeGreaterThan(0)
    // Every query waits for the one before it on its connection (pg's warning otherwise).
    expect(first.stderr).not.toContain('already executing a query')
    const counts = async () => ({
      clients: (await service.payload.count({ collection: 'api-clients' })).totalDocs,
      users: (await service.payload.count({ collection: 'users' })).totalDocs,
    })
    const before = await counts()
    const second = await runCli('seed', [], seedEnv)
    expect(JSON.parse(lastLine(second.stdout))).toMatchObject({ created: 0 })
    expect(await counts()).toEqual(before)
  })
})
