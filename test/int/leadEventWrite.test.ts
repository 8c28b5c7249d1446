/**
 * The lead agents' write, `PATCH /api/leadEvents/{id}` with a lead-agent key (the benchmark's row
 * "PATCH /api/leadEvents/{id}"): the statements one sends, by kind, counted on Payload's pooled
 * connections as bench/http/countStatements.mjs counts them; and what the statements cut from it
 * still do (a lock held in the admin UI refuses the write, an expired one is released; a relation
 * changed to a record that does not exist is a 400).
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type pg from 'pg'

import { pooledClients } from '@/db/pooledQueries'

import { sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true })

let sent: string[] = []
/** Counts on the pool's clients themselves: the test's own `pg` import is another module instance. */
const count = (client: pg.ClientBase) => {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const first = args[0]
    sent.push(typeof first === 'string' ? first : String(Reflect.get(Object(first), 'text')))
    return send(...args)
  }) as pg.ClientBase['query']
}

beforeAll(() => {
  const pool = context.service.payload.db.pool
  pool.on('connect', count)
  for (const client of pooledClients(pool)) count(client)
})

/** A statement by what it does: `update lead_events`, `select payload_locked_documents`, `batch`. */
const kind = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim().toLowerCase()
  if (/^(begin|commit|rollback)\b/.test(flat)) return flat.split(' ')[0]
  if (flat.startsWith('with ')) {
    const tables = [...flat.matchAll(/(insert into|delete from) "?([a-z_]+)"?/g)].map(
      ([, verb, table]) => `${verb.split(' ')[0]} ${table}`,
    )
    return `batch: ${tables.join(', ')}`
  }
  const match =
    /^(insert into|update|delete from) "?([a-z_]+)"?/.exec(flat) ??
    /^(select)( distinct)? .*? from "?([a-z_]+)"?/.exec(flat)
  if (!match) return flat.slice(0, 60)
  return `${match[1].split(' ')[0]} ${match.at(-1)}`
}

/** A lead with one event, its current status. */
const leadWithEvent = async () => {
  const { payload } = context.service
  const lead = await payload.create({
    collection: 'lead',
    data: { email: `agent-${Date.now()}@example.com`, firstName: 'Dana', lastName: 'Agent' },
  })
  const event = await payload.create({
    collection: 'leadEvents',
    data: { lead: lead.id, status: 'Searching', type: 'Lead Created' },
  })
  return { event: event.id, lead: lead.id }
}

const patch = (id: number, body: unknown) =>
  sendJson(context.service, 'PATCH', `/api/leadEvents/${id}`, {
    body,
    headers: context.who.leadAgent.headers,
  })

/** The statements of a lead agent's PATCH that changes the status of a lead's current event. */
const ONE_PATCH = [
  'begin',
  // Payload's update: the stored record, as the caller may update it.
  'select lead_events',
  // The admin UI's document locks: none held (checked), none to release (looked for, no DELETE).
  'select payload_locked_documents',
  'select payload_locked_documents',
  'update lead_events',
  // The history version, read back by the adapter.
  'insert _lead_events_v',
  'select _lead_events_v',
  // The answer's lead (depth 2: `lead` and `currentStatusFor` are one read).
  'select lead',
  // The lead's `currentStatus` (src/leadDesk/eventHooks.ts), a Payload update of the lead.
  'select lead',
  'select payload_locked_documents',
  'update lead',
  // The outbox: the record at depth 0 for the payload, then the trim and the delivery together.
  'select lead_events',
  'batch: delete _lead_events_v, insert webhook_deliveries',
  'commit',
]

describe('PATCH /api/leadEvents/{id} by a lead agent', () => {
  it('sends no lookup of the relations it already holds and no DELETE of locks it does not have', async () => {
    const { payload } = context.service
    const endpoint = await payload.create({
      collection: 'webhook-endpoints',
      data: { events: ['lead_event.updated'], url: 'https://receiver.example.com/hooks' },
    })
    try {
      const { event } = await leadWithEvent()
      // One first: the key and the subscribed endpoints are looked up and cached.
      expect((await patch(event, { nextSteps: 'first', status: 'Call Customer' })).status).toBe(200)
      const statuses = ['Had Conversation', 'Customer Interested', 'Searching']
      for (const [n, status] of statuses.entries()) {
        sent = []
        const response = await patch(event, { nextSteps: `call back (${n})`, status })
        expect(response.status).toBe(200)
        expect(response.body.doc).toMatchObject({ nextSteps: `call back (${n})`, status })
        const kinds = sent.map(kind).filter((found) => found !== 'select api_clients')
        process.stderr.write(`PATCH /api/leadEvents/{id}: ${kinds.length} statements\n`)
        expect(kinds).toEqual(ONE_PATCH)
      }
    } finally {
      await payload.update({
        collection: 'webhook-endpoints',
        data: { enabled: false },
        id: endpoint.id,
      })
    }
  })

  it('a lock a staff user holds still refuses it (423); an expired one is released by the write', async () => {
    const { payload } = context.service
    const { event } = await leadWithEvent()
    const lock = await payload.create({
      collection: 'payload-locked-documents',
      data: {
        document: { relationTo: 'leadEvents', value: event },
        user: { relationTo: 'users', value: Number(context.who.staff.id) },
      },
    })
    const locked = await patch(event, { nextSteps: 'while it is open' })
    expect(locked.status).toBe(423)
    expect((await payload.findByID({ collection: 'leadEvents', id: event })).nextSteps).toBeNull()
    // Ten minutes later the lock (300 s) has expired: the write goes through and releases it.
    await payload.db.updateOne({
      collection: 'payload-locked-documents',
      data: { updatedAt: new Date(Date.now() - 600_000).toISOString() },
      id: lock.id,
    })
    expect((await patch(event, { nextSteps: 'after it closed' })).status).toBe(200)
    const { totalDocs } = await payload.count({
      collection: 'payload-locked-documents',
      where: { id: { equals: lock.id } },
    })
    expect(totalDocs).toBe(0)
  })

  it('a relation changed to a record that does not exist is still a 400 naming it', async () => {
    const { event, lead } = await leadWithEvent()
    const response = await patch(event, { lead: 999_999_999 })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body)).toContain('lead')
    const stored = await context.service.payload.findByID({
      collection: 'leadEvents',
      depth: 0,
      id: event,
    })
    expect(stored.lead).toBe(lead)
  })
})
