/**
 * The webhook outbox reads which endpoints subscribe to an event from a per-process list
 * (src/webhooks/subscriptions.ts). These tests show the list is used, and that every change to
 * an endpoint, made by this instance, reaches the next write of another process.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { sendJson } from '../helpers/http'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'
import { type ScriptProcess, startScriptProcess } from '../helpers/serviceProcess'

// Started and stopped here, not by useTestService: the other process must stop before this
// instance drops the database.
const ctx = {} as { service: TestService; who: Record<PrincipalName, Principal> }
const URL_OF_RECEIVER = 'https://receiver.example.com/hooks'

let second: ScriptProcess
let secondUrl: string
let database: pg.Client
const notices: string[] = []

const consumer = {
  birthDate: '1990-01-01',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '2135550100',
}

/** Creates a consumer through `base` (this instance or the other) and answers its id. */
const createConsumer = async (base: string): Promise<string> => {
  const response = await fetch(`${base}/api/consumers`, {
    body: JSON.stringify(consumer),
    headers: { ...ctx.who.integrator.headers, 'Content-Type': 'application/json' },
    method: 'POST',
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: { id: string } }).data.id
}

/** The endpoints a consumer's creation wrote a delivery for. */
const deliveredTo = async (id: string): Promise<number[]> =>
  (
    await database.query(
      `select endpoint_id from webhook_deliveries where record_key = $1 order by endpoint_id`,
      [`consumer:${id}`],
    )
  ).rows.map((row: { endpoint_id: number }) => row.endpoint_id)

const newEndpoint = async (events = ['consumer.created']) =>
  (
    await ctx.service.payload.create({
      collection: 'webhook-endpoints',
      data: { events: events as never, url: URL_OF_RECEIVER },
    })
  ).id

const update = (id: number, data: Record<string, unknown>) =>
  ctx.service.payload.update({ collection: 'webhook-endpoints', data, id })

/** Polls until `check` holds; fails after 5 s. */
const eventually = async (check: () => Promise<boolean> | boolean) => {
  for (let tries = 0; tries < 50; tries += 1) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

const listeners = async () =>
  (
    await database.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query like '%listen webhook_endpoints_changed%'
          and pid <> pg_backend_pid()`,
    )
  ).rows[0].n as number

beforeAll(async () => {
  ctx.service = await startTestService()
  ctx.who = await createPrincipals(ctx.service.payload)
  database = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await database.connect()
  await database.query('listen webhook_endpoints_changed')
  database.on('notification', ({ payload }) => notices.push(payload ?? ''))
  second = startScriptProcess('test/fixtures/secondInstance.ts', {
    DATABASE_URL: process.env.DATABASE_URL,
  })
  secondUrl = (await second.waitFor(/listening (http:\S+)/, 120_000))[1]
  // Both instances hear endpoint changes (besides the test's own listener).
  expect(await eventually(async () => (await listeners()) >= 2)).toBe(true)
}, 180_000)

afterAll(async () => {
  await second?.stop()
  await database?.end()
  await ctx.service?.close()
})

describe('webhook subscriptions, kept per process', () => {
  it('are read once, not on every write: an endpoint added behind the service is not seen until announced', async () => {
    await createConsumer(ctx.service.url)
    // Written without Payload's hooks, so without a notice.
    const { id } = await ctx.service.payload.db.create({
      collection: 'webhook-endpoints',
      data: { enabled: true, events: ['consumer.created'], url: URL_OF_RECEIVER },
    })
    expect(await deliveredTo(await createConsumer(ctx.service.url))).toEqual([])
    await database.query(`select pg_notify('webhook_endpoints_changed', $1)`, [String(id)])
    expect(
      await eventually(async () =>
        (await deliveredTo(await createConsumer(ctx.service.url))).includes(id),
      ),
    ).toBe(true)
    await update(id, { enabled: false })
  })

  it("every change to an endpoint made here is seen by the other process's next write", async () => {
    // The other process has read (and kept) the subscriptions: none enabled.
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([])

    const id = await newEndpoint()
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([id])

    await update(id, { enabled: false })
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([])
    await update(id, { enabled: true })
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([id])

    await update(id, { events: ['deal.created'] })
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([])
    await update(id, { events: ['deal.created', 'consumer.created'] })
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([id])

    const rotated = await sendJson(
      ctx.service,
      'POST',
      `/api/webhook-endpoints/${id}/rotate-secret`,
      { headers: ctx.who.clientAdmin.headers },
    )
    expect(rotated.status).toBe(200)
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([id])

    const other = await newEndpoint()
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([id, other])
    await update(id, { enabled: false })
    await update(other, { enabled: false })
    // Deleted before it has deliveries (an endpoint with some cannot be).
    const deleted = await newEndpoint()
    await ctx.service.payload.delete({ collection: 'webhook-endpoints', id: deleted })
    expect(await deliveredTo(await createConsumer(secondUrl))).toEqual([])
  })

  it('a change of any kind is announced once it commits: create, update, rotation, delete', async () => {
    notices.length = 0
    const id = await newEndpoint(['deal.created'])
    await update(id, { description: 'renamed' })
    await sendJson(ctx.service, 'POST', `/api/webhook-endpoints/${id}/rotate-secret`, {
      headers: ctx.who.clientAdmin.headers,
    })
    await ctx.service.payload.delete({ collection: 'webhook-endpoints', id })
    expect(await eventually(() => notices.length >= 4)).toBe(true)
    expect(notices).toEqual([String(id), String(id), String(id), String(id)])
  })

  it('while a process does not hear changes it reads the subscriptions on every write', async () => {
    const [listener] = (
      await database.query(
        `select pid from pg_stat_activity where datname = current_database()
          and query like '%listen webhook_endpoints_changed%' and pid <> pg_backend_pid()`,
      )
    ).rows.map((row: { pid: number }) => row.pid)
    await createConsumer(ctx.service.url)
    await createConsumer(secondUrl)
    await database.query('select pg_terminate_backend($1)', [listener])
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Unannounced: only a process that does not use its list sees it at once.
    const { id } = await ctx.service.payload.db.create({
      collection: 'webhook-endpoints',
      data: { enabled: true, events: ['consumer.created'], url: URL_OF_RECEIVER },
    })
    const here = await deliveredTo(await createConsumer(ctx.service.url))
    const there = await deliveredTo(await createConsumer(secondUrl))
    // One of the two lost its listener; that one wrote a delivery, the other did not.
    expect([here, there].filter((found) => found.includes(id))).toHaveLength(1)
    expect(await eventually(async () => (await listeners()) >= 2)).toBe(true)
    await update(id, { enabled: false })
  })
})
