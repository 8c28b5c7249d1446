/**
 * A new lead compiled (src/flows/leadCreate.ts): an API client's `POST /api/lead` sent both ways,
 * through Payload's create and through the compiled write, must leave the same row and webhook
 * deliveries and give the same answer (status, headers, body, key order), ids and times aside;
 * what the compiled write does not know (a duplicate to merge among it) goes through Payload, with
 * Payload's answer; a write the database refuses or loses is written once, by Payload.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { hookSignature } from '@/flows/compiledWrites'
import { compiledLeadCreates, HOOKS } from '@/flows/leadCreate'
import { MERGED_HEADER } from '@/leadDesk/endpoints'

import { bothWaysWith, kindsBothWays, restCreate } from '../helpers/bothWays'
import { sendJson } from '../helpers/http'
import { normalised } from '../helpers/normalised'
import { apiClient, type Principal } from '../helpers/principals'
import { refuseWrite } from '../helpers/refuseWrite'
import { useTestService } from '../helpers/service'
import { countStatements } from '../helpers/statements'
import { withSubscribedEndpoint } from '../helpers/webhookEndpoint'
import { deliveriesOf } from '../helpers/writtenRows'

const context = useTestService({ principals: true })
const counted = countStatements(context)

type Headers = Record<string, string>

let leadSource: Principal
beforeAll(async () => {
  leadSource = await apiClient(context.service.payload, 'lead-source')
})

const FULL = {
  email: 'Jordan.Buyer@Example.com',
  firstName: 'Jordan',
  lastName: 'Buyer',
  phoneNumber: '(646) 555-0142',
  source: 'website',
}

/**
 * What creating lead `id` left in the database; the lead is then deleted, so that the other side's
 * same submission is a new person again rather than its duplicate.
 */
const written = async (id: number) => {
  const db = context.service.payload.db.pool
  const rows = async (text: string) => (await db.query(text, [id])).rows
  const left = normalised(
    {
      deliveries: await rows(deliveriesOf('lead')),
      row: (await rows('SELECT * FROM lead WHERE id = $1'))[0],
    },
    id,
    'RECORD',
  )
  await db.query('DELETE FROM lead WHERE id = $1', [id])
  return left
}

/** The same request through Payload's create, then the compiled write: both answers and what each left. */
const bothWays = bothWaysWith(
  compiledLeadCreates,
  (body: unknown, headers: Headers = context.who.clientAdmin.headers, query = '') =>
    restCreate(context.service, `/api/lead${query}`, { body, headers }, written),
)

const post = (body: unknown, headers: Headers) =>
  sendJson(context.service, 'POST', '/api/lead', { body, headers })

describe('POST /api/lead by an API client, compiled', () => {
  it('is written against the collection as it is (its hooks are the ones it does the work of)', () => {
    expect(hookSignature(context.service.payload.collections.lead.config)).toBe(HOOKS)
  })

  it('sends the locks, the lookup and the row, where Payload looks for a duplicate twice and reads the row back', async () => {
    let n = 0
    // One first: the subscriptions are read and cached, as in a running service (this test runs
    // before any endpoint changes, after which the next write reads them again).
    expect((await post({ lastName: 'Warm' }, leadSource.headers)).status).toBe(201)
    const kinds = await kindsBothWays(compiledLeadCreates, counted, () =>
      post(
        { ...FULL, email: `kinds.${n++}@example.com`, phoneNumber: undefined },
        leadSource.headers,
      ),
    )
    expect(kinds).toEqual({
      false: [
        'select lead',
        'begin',
        'select jsonb_array_elements_text',
        'select lead',
        'insert lead',
        'select lead',
        'commit',
      ],
      true: ['begin', 'select jsonb_array_elements_text', 'select lead', 'insert lead', 'commit'],
    })
    await context.service.payload.db.pool.query(
      `DELETE FROM lead WHERE last_name = 'Warm' OR email LIKE 'kinds.%@example.com'`,
    )
  })

  it.each([
    ['every value, by an admin key', FULL, 'admin'],
    ['every value, by a lead-source key', FULL, 'source'],
    [
      'a name and an e-mail, by a lead-source key',
      { email: 'sam@example.com', lastName: 'Sam' },
      'source',
    ],
    ['a phone alone, by an admin key', { phoneNumber: '(646) 555-0199' }, 'admin'],
    ['nothing at all, by an admin key', {}, 'admin'],
    ['empty text, by an admin key', { ...FULL, firstName: '', source: '' }, 'admin'],
  ] as const)('with %s: the same answer and the same row as Payload', async (_name, body, who) => {
    const headers = who === 'source' ? leadSource.headers : context.who.clientAdmin.headers
    const { compiled, payload } = await bothWays(body, headers)
    expect(payload.status).toBe(201)
    expect(compiled).toEqual({ ...payload, served: 1 })
    if (who === 'source') expect(compiled.keys).toEqual(['id'])
  })

  it('writes the deliveries of an endpoint subscribed to lead.created as Payload does', async () => {
    const both = await withSubscribedEndpoint(context.service.payload, ['lead.created'], () =>
      bothWays(FULL, leadSource.headers),
    )
    expect(both.compiled).toEqual({ ...both.payload, served: 1 })
    expect(JSON.stringify(both.compiled.written)).toContain('lead.created')
  })

  it.each([
    ['a phone number it refuses', { ...FULL, phoneNumber: '12' }],
    ['an e-mail address it refuses', { ...FULL, email: 'not an address' }],
    ['an SSN in a name', { ...FULL, lastName: 'Buyer 123-45-6789' }],
    ['a number for text', { ...FULL, lastName: 42 }],
    ['null for text', { ...FULL, source: null }],
    ['a location', { ...FULL, location: 'loc_nowhere' }],
    ['a vehicle of interest', { ...FULL, vehicleOfInterest: { vin: '1HGCM82633A004352' } }],
    ['a status of its own', { ...FULL, currentStatus: 'Searching' }],
    ['a match key of its own', { ...FULL, matchEmail: 'someone@example.com' }],
    ['a time of its own', { ...FULL, createdAt: '2020-01-01T00:00:00.000Z' }],
    ['an id of its own', { ...FULL, id: 999_999 }],
    ['a title of its own', { ...FULL, title: 'VIP' }],
    ['phone keys of their own', { ...FULL, phoneKeys: '+16465550100' }],
    ['a dealership', { ...FULL, dealership: 'com_demo_sunset' }],
    ['a consumer', { ...FULL, consumer: 'con_demo_maria' }],
    ['an assignee', { ...FULL, assignee: 1 }],
    ['a lead it was merged into', { ...FULL, mergedInto: 1 }],
    ['a do-not-contact request', { ...FULL, doNotContact: { at: '2020-01-01T00:00:00.000Z' } }],
    // Each name within the text limit, the title they make (its hook's) past it: a 400 on title.
    [
      'names that make a title too long',
      { firstName: 'A'.repeat(20_000), lastName: 'B'.repeat(20_001) },
    ],
    ['a field that does not exist', { ...FULL, shoeSize: '9' }],
    ['a prototype key', JSON.parse('{"lastName":"Proto","__proto__":{"source":"web"}}')],
  ])('leaves %s to Payload, with its answer', async (_name, body) => {
    for (const headers of [context.who.clientAdmin.headers, leadSource.headers]) {
      const { compiled, payload } = await bothWays(body, headers)
      expect(compiled.served).toBe(0)
      expect({ ...compiled, served: 0 }).toEqual({ ...payload, served: 0 })
    }
  })

  it('leaves a staff user, a key that may not create leads, a query string and an Idempotency-Key to Payload', async () => {
    for (const [headers, query] of [
      [context.who.staffAdmin.headers, ''],
      [context.who.integrator.headers, ''],
      [context.who.leadAgent.headers, ''],
      [context.who.clientAdmin.headers, '?depth=0'],
      [{ ...context.who.clientAdmin.headers, 'idempotency-key': `lead-${Date.now()}` }, ''],
    ] as const) {
      const { compiled, payload } = await bothWays(FULL, headers, query)
      expect(compiled.served).toBe(0)
      expect(compiled.status).toBe(payload.status)
      expect(compiled.keys).toEqual(payload.keys)
    }
  })

  it("leaves a duplicate to Payload's intake, which merges it into the lead it repeats", async () => {
    const first = await post(FULL, context.who.clientAdmin.headers)
    expect(first.status).toBe(201)
    const served = compiledLeadCreates.served
    const again = await post({ ...FULL, source: 'phone' }, context.who.clientAdmin.headers)
    expect(again.status).toBe(200)
    expect(again.headers[MERGED_HEADER.toLowerCase()]).toBe(String(first.body.doc.id))
    expect(compiledLeadCreates.served).toBe(served)
    await context.service.payload.db.pool.query('DELETE FROM lead WHERE id = $1', [
      first.body.doc.id,
    ])
  })

  it("leaves a lead-source key's repeat to Payload, which answers the id alone", async () => {
    const first = await post(FULL, leadSource.headers)
    const served = compiledLeadCreates.served
    const again = await post(FULL, leadSource.headers)
    // A key that reads nothing is not merged into a lead it may not read: a lead of its own.
    expect([first.status, again.status]).toEqual([201, 201])
    expect(Object.keys(again.body.doc)).toEqual(['id'])
    expect(compiledLeadCreates.served).toBe(served)
    await context.service.payload.db.pool.query('DELETE FROM lead WHERE id = ANY($1::int[])', [
      [first.body.doc.id, again.body.doc.id],
    ])
  })

  it('makes one lead of three identical submissions at once, the first compiled', async () => {
    const served = compiledLeadCreates.served
    const body = { ...FULL, email: 'at.once@example.com', phoneNumber: '(646) 555-0177' }
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(body, context.who.clientAdmin.headers)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201])
    const ids = new Set(answers.map((answer) => answer.body.doc.id))
    expect(ids.size).toBe(1)
    const { rows } = await context.service.payload.db.pool.query(
      'SELECT id FROM lead WHERE email = $1',
      [body.email],
    )
    expect(rows.map((row) => row.id)).toEqual([...ids])
    expect(compiledLeadCreates.served).toBe(served + 1)
    await context.service.payload.db.pool.query('DELETE FROM lead WHERE id = $1', [[...ids][0]])
  })

  it.each([
    ['refuses the compiled write', 'raise'],
    ['loses the connection with the compiled write in flight', 'terminate'],
  ] as const)('writes once, through Payload, when the database %s', async (_name, how) => {
    const db = context.service.payload.db.pool
    const lastName = `Refused ${how}`
    const refusal = await refuseWrite(db, 'lead', { how, when: `NEW.last_name = '${lastName}'` })
    try {
      const served = compiledLeadCreates.served
      const response = await post(
        { ...FULL, email: `${how}@example.com`, lastName },
        leadSource.headers,
      )
      expect(response.status).toBe(201)
      expect(compiledLeadCreates.served).toBe(served)
      const { rows } = await db.query('SELECT id FROM lead WHERE last_name = $1', [lastName])
      expect(rows.map((row) => row.id)).toEqual([response.body.doc.id])
      // The compiled write, refused and rolled back; then Payload's create.
      expect(await refusal.attempts()).toBe(2)
    } finally {
      await refusal.drop()
    }
  })
})
