/**
 * A client's key is looked up once and then reused for a few seconds (src/auth/): these tests
 * show the reuse, and that every change to a client, made here or by another instance, ends it
 * at once.
 */
import crypto from 'node:crypto'

import { describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { useTestService } from '../helpers/service'
import { countStatements } from '../helpers/statements'

const ctx = useTestService()
const counted = countStatements(ctx)

const newClient = async () => {
  const key = crypto.randomBytes(32).toString('hex')
  const client = await ctx.service.payload.create({
    collection: 'api-clients',
    data: { apiKey: key, enableAPIKey: true, name: `cache ${key.slice(0, 6)}`, role: 'integrator' },
  })
  return { id: client.id, key }
}

const statusWith = async (key: string) =>
  (await ctx.service.api('/api/companies', { headers: { Authorization: key } })).status

/** SQL on the service's database, as another instance (or a script) would change it. */
const sqlOnDatabase = async (text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

/** Polls until `check` holds (a notice arrives asynchronously); fails after 5 s. */
const eventually = async (check: () => Promise<boolean>) => {
  for (let tries = 0; tries < 50; tries += 1) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

const listenerBackends = async () =>
  (
    await sqlOnDatabase(
      `select pid from pg_stat_activity where datname = current_database() and query like '%listen api_clients_changed%' and pid <> pg_backend_pid()`,
    )
  ).rows.map((row: { pid: number }) => row.pid)

describe('the API-key cache', () => {
  it('a key nobody has is looked up once, and once more only to tell unknown from unreachable', async () => {
    const names = ctx.service.payload.authStrategies.map((strategy) => strategy.name)
    expect(names).toContain('api-clients-api-key-cached')
    expect(names).not.toContain('api-clients-api-key')
    counted.sent.length = 0
    expect(await statusWith(crypto.randomBytes(32).toString('hex'))).toBe(401)
    // Payload's strategy (through the cached one), then the gate's apiKeyStored; it was three.
    expect(counted.sent.filter((text) => text.includes('api_key_index'))).toHaveLength(2)
    // A key that exists is still found (once the built-in strategy is asked only by the cached one).
    const { key } = await newClient()
    expect(await statusWith(key)).toBe(200)
  })

  it('reuses a looked-up client: a change that bypasses the service is not seen at once', async () => {
    expect(await eventually(async () => (await listenerBackends()).length > 0)).toBe(true)
    const { id, key } = await newClient()
    expect(await statusWith(key)).toBe(200)
    await sqlOnDatabase('update api_clients set enabled = false where id = $1', [id])
    expect(await statusWith(key)).toBe(200)
  })

  it('a client disabled through the API is refused on its next request', async () => {
    const { id, key } = await newClient()
    expect(await statusWith(key)).toBe(200)
    await ctx.service.payload.update({ collection: 'api-clients', data: { enabled: false }, id })
    expect(await statusWith(key)).toBe(401)
  })

  it('a re-keyed client: the old key is refused at once, the new one works', async () => {
    const { id, key } = await newClient()
    expect(await statusWith(key)).toBe(200)
    const fresh = crypto.randomBytes(32).toString('hex')
    await ctx.service.payload.update({ collection: 'api-clients', data: { apiKey: fresh }, id })
    expect(await statusWith(key)).toBe(401)
    expect(await statusWith(fresh)).toBe(200)
  })

  it('a deleted client is refused on its next request', async () => {
    const { id, key } = await newClient()
    expect(await statusWith(key)).toBe(200)
    await ctx.service.payload.delete({ collection: 'api-clients', id })
    expect(await statusWith(key)).toBe(401)
  })

  it("another instance's change arrives as a notice and ends the reuse", async () => {
    const { id, key } = await newClient()
    expect(await statusWith(key)).toBe(200)
    await sqlOnDatabase('update api_clients set enabled = false where id = $1', [id])
    await sqlOnDatabase(`select pg_notify('api_clients_changed', $1)`, [String(id)])
    expect(await eventually(async () => (await statusWith(key)) === 401)).toBe(true)
  })

  it('while the listener is disconnected nothing is reused, and it reconnects', async () => {
    const { id, key } = await newClient()
    expect(await statusWith(key)).toBe(200)
    const [listener] = await listenerBackends()
    await sqlOnDatabase('select pg_terminate_backend($1)', [listener])
    // The service hears of the lost connection a moment later, as an error on it.
    await new Promise((resolve) => setTimeout(resolve, 300))
    // A change no notice reports: with the cache out of use it is seen at once.
    await sqlOnDatabase('update api_clients set enabled = false where id = $1', [id])
    expect(await statusWith(key)).toBe(401)
    expect(
      await eventually(async () => {
        const now = await listenerBackends()
        return now.length > 0 && !now.includes(listener)
      }),
    ).toBe(true)
  })
})
