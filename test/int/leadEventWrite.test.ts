/**
 * The lead agents' write, `PATCH /api/leadEvents/{id}` with a lead-agent key (the benchmark's row
 * "PATCH /api/leadEvents/{id}"): the statements one sends, by kind, counted on Payload's pooled
 * connections as bench/http/countStatements.mjs counts them; and what the statements cut from it
 * still do (a lock held in the admin UI refuses the write, an expired one is released; a relation
 * changed to a record that does not exist is a 400).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { hookSignature } from '@/flows/compiledWrites'
import { compiledLeadEventPatches, HOOKS } from '@/flows/leadEventPatch'
import { compiledReads } from '@/reads'

import { addDealership } from '../helpers/dealership'
import { sendJson } from '../helpers/http'
import { staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'
import { countStatements, statementKind } from '../helpers/statements'
import { withSubscribedEndpoint } from '../helpers/webhookEndpoint'

const context = useTestService({ principals: true })

const counted = countStatements(context)

let leads = 0
/** A lead with one event, its current status. */
const leadWithEvent = async () => {
  const { payload } = context.service
  const lead = await payload.create({
    collection: 'lead',
    data: { email: `agent-${++leads}@example.com`, firstName: 'Dana', lastName: 'Agent' },
  })
  const event = await payload.create({
    collection: 'leadEvents',
    data: { lead: lead.id, status: 'Searching', type: 'Lead Created' },
  })
  return { event: event.id, lead: lead.id }
}

const moveToTrash = async (collection: 'lead' | 'leadEvents', id: number) => {
  await context.service.payload.update({
    collection,
    data: { deletedAt: new Date().toISOString() },
    id,
  })
}

const patch = (id: number, body: unknown, headers = context.who.leadAgent.headers) =>
  sendJson(context.service, 'PATCH', `/api/leadEvents/${id}`, { body, headers })

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

describe("PATCH /api/leadEvents/{id} by a lead agent, through Payload's update", () => {
  beforeAll(() => {
    compiledLeadEventPatches.enabled = false
  })
  afterAll(() => {
    compiledLeadEventPatches.enabled = true
  })

  it('sends no lookup of the relations it already holds and no DELETE of locks it does not have', async () => {
    await withSubscribedEndpoint(context.service.payload, ['lead_event.updated'], async () => {
      const { event } = await leadWithEvent()
      // One first: the key and the subscribed endpoints are looked up and cached.
      expect((await patch(event, { nextSteps: 'first', status: 'Call Customer' })).status).toBe(200)
      const statuses = ['Had Conversation', 'Customer Interested', 'Searching']
      for (const [n, status] of statuses.entries()) {
        counted.sent = []
        const response = await patch(event, { nextSteps: `call back (${n})`, status })
        expect(response.status).toBe(200)
        expect(response.body.doc).toMatchObject({ nextSteps: `call back (${n})`, status })
        const kinds = counted.sent
          .map(statementKind)
          .filter((found) => found !== 'select api_clients')
        process.stderr.write(`PATCH /api/leadEvents/{id}: ${kinds.length} statements\n`)
        expect(kinds).toEqual(ONE_PATCH)
      }
    })
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

type Event = { event: number; lead: number }

/** `value` with the ids of `twin` and every time replaced by names, for comparing two twins. */
const normalised = (value: unknown, twin: Event): unknown => {
  if (Array.isArray(value)) return value.map((item) => normalised(item, twin))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        // The one endpoint's id is the same on both sides, and may equal an event's.
        key === 'endpoint_id' ? item : normalised(item, twin),
      ]),
    )
  if (typeof value === 'string') {
    if (/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)) return 'TIME'
    if (value === `leadEvents:${twin.event}`) return 'leadEvents:EVENT'
    if (/^agent-\d+@example\.com$/.test(value)) return 'EMAIL'
    if (/^msg_[0-9a-f]{32}$/.test(value)) return 'MESSAGE'
    // Payload's messages name the record: "Document with ID 12 is currently locked …".
    return value.replace(new RegExp(`\\bID ${twin.event}\\b`), 'ID EVENT')
  }
  if (value === twin.event) return 'EVENT'
  if (value === twin.lead) return 'LEAD'
  return value
}

/** What a patch of `twin` left in the database: the event, its versions, its outbox rows, its lead. */
const written = async (twin: Event) => {
  const db = context.service.payload.db.pool
  const rows = async (text: string, values: unknown[]) =>
    normalised((await db.query(text, values)).rows, twin)
  return {
    deliveries: await rows(
      `SELECT event, endpoint_id, record_key, status, attempts, payload, message_id,
              next_attempt_at <= created_at AS due
         FROM webhook_deliveries WHERE record_key = $1 ORDER BY id`,
      [`leadEvents:${twin.event}`],
    ),
    event: await rows('SELECT * FROM lead_events WHERE id = $1', [twin.event]),
    lead: await rows(
      // `changed`: the lead was written after the event (its status followed the event's).
      `SELECT id, current_status, first_contacted_at, deleted_at IS NOT NULL AS trashed,
              updated_at >= (SELECT updated_at FROM lead_events WHERE id = $2) AS changed
         FROM lead WHERE id = $1`,
      [twin.lead, twin.event],
    ),
    versions: await rows(
      `SELECT parent_id, version_lead_id, version_type, version_status, version_next_steps,
              version_created_by_id, version_current_status_for_id, version_submission_source,
              version_submission_values, version_last_modified_by_id, version_dealership_id,
              version_deleted_at, version_updated_at = (SELECT updated_at FROM lead_events
                                                         WHERE id = parent_id) AS latest
         FROM _lead_events_v WHERE parent_id = $1 ORDER BY id`,
      [twin.event],
    ),
  }
}

/**
 * Two twin events (each on a lead of its own, made alike), one patched through Payload's update,
 * the other through the compiled write: their answers and rows, and whether the compiled write
 * answered.
 */
const twins = async (
  body: unknown,
  { headers = context.who.leadAgent.headers, prepare = async (_twin: Event) => {} } = {},
) => {
  const sides = [await leadWithEvent(), await leadWithEvent()]
  for (const twin of sides) await prepare(twin)
  compiledLeadEventPatches.enabled = false
  const viaPayload = await patch(sides[0].event, body, headers)
  compiledLeadEventPatches.enabled = true
  const before = compiledLeadEventPatches.served
  counted.sent = []
  const compiled = await patch(sides[1].event, body, headers)
  const statements = counted.sent
    .map(statementKind)
    .filter((found) => found !== 'select api_clients')
  const answer = (response: typeof viaPayload, twin: Event) => ({
    body: normalised(response.body, twin),
    headers: Object.keys(response.headers).sort(),
    status: response.status,
  })
  return {
    compiled: { answer: answer(compiled, sides[1]), rows: await written(sides[1]) },
    served: compiledLeadEventPatches.served - before,
    statements,
    viaPayload: { answer: answer(viaPayload, sides[0]), rows: await written(sides[0]) },
  }
}

describe("the compiled PATCH against Payload's update (src/flows/leadEventPatch.ts)", () => {
  it('is written against the collection as it is (its hooks and fields are the ones it does the work of)', () => {
    expect(hookSignature(context.service.payload.collections.leadEvents.config)).toBe(HOOKS)
  })

  let endpoint: number
  beforeAll(async () => {
    endpoint = (
      await context.service.payload.create({
        collection: 'webhook-endpoints',
        data: { events: ['lead_event.updated'], url: 'https://receiver.example.com/compiled' },
      })
    ).id
  })
  afterAll(async () => {
    await context.service.payload.update({
      collection: 'webhook-endpoints',
      data: { enabled: false },
      id: endpoint,
    })
  })

  it.each([
    [
      'a new status and next steps',
      { nextSteps: 'Send the three options.', status: 'Had Conversation' },
      true,
    ],
    ['the same status', { status: 'Searching' }, false],
    ['next steps only', { nextSteps: 'Call back on Monday.' }, false],
    ['no status', { nextSteps: null, status: null }, true],
  ])(
    '%s: the same answer, event, versions, outbox rows and lead',
    async (_name, body, leadChanges) => {
      const reads = compiledReads.served
      const { compiled, served, statements, viaPayload } = await twins(body)
      expect(served).toBe(1)
      expect(compiledReads.served).toBe(reads + 1)
      expect(compiled).toEqual(viaPayload)
      // Key order too: the ETag hashes the bytes.
      expect(JSON.stringify(compiled.answer.body)).toBe(JSON.stringify(viaPayload.answer.body))
      expect(viaPayload.answer.status).toBe(200)
      expect(viaPayload.rows.deliveries).toHaveLength(1)
      expect(viaPayload.rows.lead).toEqual([expect.objectContaining({ changed: leadChanges })])
      process.stderr.write(
        `compiled PATCH: ${statements.length} statements: ${statements.join(' | ')}\n`,
      )
      expect(statements).toEqual([
        'begin',
        // The event's row locked, with its locks and its lead's trash (a subquery on lead first).
        'select lead',
        'batch: insert _lead_events_v, delete _lead_events_v, insert webhook_deliveries',
        // The answer, read as Payload's update reads it: one compiled read (src/reads), the
        // event with its lead embedded.
        'select lead_events',
        ...(leadChanges ? ['update lead'] : []),
        'commit',
      ])
    },
  )

  it('a lead with a consumer, a store and an assignee: the same answer, compiled', async () => {
    const { payload } = context.service
    const states = await payload.find({ collection: 'state', depth: 0, limit: 1 })
    const state =
      states.docs[0] ??
      (await payload.create({ collection: 'state', data: { code: 'TX', name: 'Texas' } }))
    const city = await payload.create({
      collection: 'city',
      data: { name: 'Twinsburg', state: state.id },
    })
    const company = await payload.create({
      collection: 'company',
      data: { isFacilitator: false, name: 'Twin Motors' },
    })
    const location = await payload.create({
      collection: 'location',
      data: { city: city.id, companyId: company.id, line1: '1 Twin St', zip: '78701' },
    })
    const reads = compiledReads.served
    const { compiled, served, viaPayload } = await twins(
      { nextSteps: 'Bring the trade-in title.', status: 'Had Conversation' },
      {
        prepare: async ({ lead }) => {
          const consumer = await payload.create({
            collection: 'consumer',
            data: {
              birthDate: '1990-01-01',
              firstName: 'Twin',
              lastName: `Buyer${lead}`,
              phoneNumber: `213555${String(1000 + lead).slice(-4)}`,
            },
          })
          await payload.update({
            collection: 'lead',
            data: {
              assignee: Number(context.who.staff.id),
              consumer: consumer.id,
              location: location.id,
            },
            id: lead,
          })
        },
      },
    )
    expect(served).toBe(1)
    expect(compiledReads.served).toBe(reads + 1)
    const doc = (viaPayload.answer.body as { doc: { lead: Record<string, unknown> } }).doc
    // Embedded or an id, as the key may read them: none is empty.
    for (const field of ['assignee', 'consumer', 'location']) expect(doc.lead[field]).toBeTruthy()
    // Consumers differ by name; the rest must be the same, key order included.
    const named = (side: typeof compiled) =>
      JSON.stringify(side.answer.body)
        .replace(/Buyer\d+/g, 'BUYER')
        .replace(/"con_\w+"/g, 'CON')
    expect(named(compiled)).toBe(named(viaPayload))
    expect(compiled.answer.status).toBe(200)
  })

  it.each([
    ['an unknown status', { status: 'Nope' }],
    ['an SSN in the next steps', { nextSteps: 'SSN 123-45-6789' }],
    ['another field', { nextSteps: 'ok', type: 'Customer Call' }],
    ['a number for text', { nextSteps: 42 }],
    ['an outbound status', { status: 'Send Text Message' }],
  ])('%s: written by Payload alone, the same either way', async (_name, body) => {
    const { compiled, served, viaPayload } = await twins(body)
    expect(served).toBe(0)
    expect(compiled).toEqual(viaPayload)
  })

  it('a customer who asked not to be contacted: the same 409, nothing behind', async () => {
    const { compiled, served, viaPayload } = await twins(
      { status: 'Send Text Message' },
      {
        prepare: async ({ lead }) => {
          await context.service.payload.create({
            collection: 'leadEvents',
            data: { lead, type: 'Customer DNC Request' },
          })
        },
      },
    )
    expect(served).toBe(0)
    expect(viaPayload.answer.status).toBe(409)
    expect(compiled).toEqual(viaPayload)
    expect(viaPayload.rows.versions).toHaveLength(1)
    expect(viaPayload.rows.deliveries).toEqual([])
  })

  it.each([
    ['the event', 'leadEvents' as const, 423],
    ['its lead', 'lead' as const, 200],
  ])(
    'a document lock on %s: written by Payload alone, the same either way',
    async (_name, on, status) => {
      const { payload } = context.service
      const { compiled, served, viaPayload } = await twins(
        { status: 'Had Conversation' },
        {
          prepare: async (twin) => {
            await payload.create({
              collection: 'payload-locked-documents',
              data: {
                document: { relationTo: on, value: on === 'lead' ? twin.lead : twin.event },
                user: { relationTo: 'users', value: Number(context.who.staff.id) },
              },
            })
          },
        },
      )
      expect(served).toBe(0)
      expect(viaPayload.answer.status).toBe(status)
      expect(compiled).toEqual(viaPayload)
    },
  )

  it('an event whose type counts as contact: written by Payload alone, the same either way', async () => {
    const { compiled, served, viaPayload } = await twins(
      { status: 'Had Conversation' },
      {
        prepare: async ({ event }) => {
          await context.service.payload.update({
            collection: 'leadEvents',
            data: { type: 'Customer Answered' },
            id: event,
          })
        },
      },
    )
    expect(served).toBe(0)
    expect(viaPayload.answer.status).toBe(200)
    expect(compiled).toEqual(viaPayload)
  })

  it('an endpoint subscribed to lead.updated: written by Payload alone, the same either way', async () => {
    await withSubscribedEndpoint(context.service.payload, ['lead.updated'], async () => {
      const { compiled, served, viaPayload } = await twins({ status: 'Had Conversation' })
      expect(served).toBe(0)
      expect(compiled).toEqual(viaPayload)
      // Next steps alone leave the lead as it is: compiled.
      expect((await twins({ nextSteps: 'Call back at noon.' })).served).toBe(1)
    })
  })

  it('a key that may not update lead events: the same 403, nothing behind', async () => {
    const { compiled, served, viaPayload } = await twins(
      { status: 'Had Conversation' },
      { headers: context.who.integrator.headers },
    )
    expect(served).toBe(0)
    expect(viaPayload.answer.status).toBe(403)
    expect(compiled).toEqual(viaPayload)
    expect(viaPayload.rows.deliveries).toEqual([])
  })

  it('an event in the trash: the same 404, nothing behind', async () => {
    const { compiled, served, viaPayload } = await twins(
      { status: 'Had Conversation' },
      { prepare: ({ event }) => moveToTrash('leadEvents', event) },
    )
    expect(served).toBe(0)
    expect(viaPayload.answer.status).toBe(404)
    expect(compiled).toEqual(viaPayload)
  })

  it("an event whose lead is in the trash: saved, and the lead's status follows it there", async () => {
    const { compiled, served, viaPayload } = await twins(
      { status: 'Had Conversation' },
      { prepare: ({ lead }) => moveToTrash('lead', lead) },
    )
    expect(served).toBe(0)
    expect(viaPayload.answer.status).toBe(200)
    expect(compiled).toEqual(viaPayload)
    expect(viaPayload.rows.lead).toEqual([
      expect.objectContaining({ current_status: 'Had Conversation', trashed: true }),
    ])
  })

  it('a do-not-contact request on an event whose lead is in the trash is recorded for that lead', async () => {
    const { payload } = context.service
    const { event, lead } = await leadWithEvent()
    await moveToTrash('lead', lead)
    const answer = await patch(event, { type: 'Customer DNC Request' })
    expect(answer.status).toBe(200)
    const requests = await payload.find({
      collection: 'do-not-contact',
      where: { lead: { equals: lead } },
    })
    expect(requests.totalDocs).toBe(1)
    const trashed = await payload.findByID({ collection: 'lead', depth: 0, id: lead, trash: true })
    expect(trashed.doNotContact?.event).toBe(event)
  })

  it('an event newly pointed at a lead in the trash leaves that lead as it was', async () => {
    const { payload } = context.service
    const trashed = await leadWithEvent()
    await moveToTrash('lead', trashed.lead)
    const { event } = await leadWithEvent()
    const answer = await patch(event, {
      currentStatusFor: trashed.lead,
      status: 'Had Conversation',
    })
    expect(answer.status).toBe(200)
    const lead = await payload.findByID({ collection: 'lead', id: trashed.lead, trash: true })
    expect(lead.currentStatus).toBe('Searching')
  })

  it('a dealer, who cannot read a trashed lead, may not update its events, and the lead stays as it was', async () => {
    const { payload } = context.service
    // This file's database holds no demo data: the dealership's address needs its state.
    await payload.create({ collection: 'state', data: { code: 'CA', name: 'California' } })
    await addDealership(payload, {
      company: 'com_trash_dealer',
      location: 'loc_trash_dealer',
      name: 'Trash Motors',
    })
    const dealer = await staffUser(payload, 'dealer', 'com_trash_dealer')
    const lead = await payload.create({
      collection: 'lead',
      data: { firstName: 'Tess', lastName: 'Trash', location: 'loc_trash_dealer' },
    })
    const { id: event } = await payload.create({
      collection: 'leadEvents',
      data: { lead: lead.id, status: 'Searching', type: 'Lead Created' },
    })
    // Its own lead's event, while the lead is live: the dealer may.
    expect((await patch(event, { status: 'Had Conversation' }, dealer.headers)).status).toBe(200)
    await moveToTrash('lead', lead.id)
    const refused = await patch(event, { status: 'Sold' }, dealer.headers)
    expect(refused.status).toBe(400)
    const kept = await payload.findByID({ collection: 'lead', depth: 0, id: lead.id, trash: true })
    expect(kept.currentStatus).toBe('Had Conversation')
    expect((await payload.findByID({ collection: 'leadEvents', id: event })).status).toBe(
      'Had Conversation',
    )
  })
})
