/**
 * Endpoint 15 compiled (src/flows/errorCreate.ts): `POST /api/errors` sent both ways, through
 * Payload's create and through the compiled write, must leave the same row and webhook deliveries
 * and give the same answer (status, body, key order), ids and times aside; what the compiled
 * write does not know goes through Payload, with Payload's answer; a write the database refuses
 * is answered by Payload, and nothing is written twice.
 */
import { describe, expect, it } from '@jest/globals'

import { hookSignature } from '@/flows/compiledWrites'
import { compiledErrorCreates, HOOKS } from '@/flows/errorCreate'

import { bothWaysWith, kindsBothWays, restCreate } from '../helpers/bothWays'
import { sendJson } from '../helpers/http'
import { normalised } from '../helpers/normalised'
import { apiClient } from '../helpers/principals'
import { refuseWrite } from '../helpers/refuseWrite'
import { useTestService } from '../helpers/service'
import { countStatements, statementKind } from '../helpers/statements'
import { withSubscribedEndpoint } from '../helpers/webhookEndpoint'
import { deliveriesOf } from '../helpers/writtenRows'

const context = useTestService({ principals: true })
const counted = countStatements(context)

type Headers = Record<string, string>

const FULL = {
  digest: '2981237645',
  message: "TypeError: Cannot read properties of undefined (reading 'price')",
  source: 'web',
  stack: 'TypeError: …\n    at VehiclePrice (https://shop.example/_next/static/page.js:1:2345)',
  url: 'https://shop.example/vdp/4T1B11HK7NU000123',
}

/** What creating error record `id` left in the database. */
const written = async (id: number) => {
  const db = context.service.payload.db.pool
  const rows = async (text: string) => (await db.query(text, [id])).rows
  return normalised(
    {
      deliveries: await rows(deliveriesOf('errors')),
      row: (await rows('SELECT * FROM errors WHERE id = $1'))[0],
    },
    id,
    'RECORD',
  )
}

/** The same request through Payload's create, then the compiled write: both answers and what each left. */
const bothWays = bothWaysWith(
  compiledErrorCreates,
  (body: unknown, headers: Headers = {}, query = '') =>
    restCreate(context.service, `/api/errors${query}`, { body, headers }, written),
)

describe('POST /api/errors, compiled', () => {
  it('is written against the collection as it is (its hooks are the ones it does the work of)', () => {
    expect(hookSignature(context.service.payload.collections.errors.config)).toBe(HOOKS)
  })

  it.each([
    ['every value, anonymously', FULL, 'anonymous'],
    ['the message alone, anonymously', { message: 'boom' }, 'anonymous'],
    ['empty text beside the message', { ...FULL, digest: '', stack: '' }, 'anonymous'],
    ['every value, by an integrator key', FULL, 'integrator'],
    ['every value, by a lead agent key', FULL, 'leadAgent'],
    ['every value, by an admin key', FULL, 'clientAdmin'],
  ] as const)('with %s: the same answer and the same row as Payload', async (_name, body, who) => {
    const { compiled, payload } = await bothWays(body, context.who[who].headers)
    expect(payload.status).toBe(201)
    expect(compiled).toEqual({ ...payload, served: 1 })
  })

  it('sends one statement, the INSERT, where Payload sends four', async () => {
    const kinds = await kindsBothWays(compiledErrorCreates, counted, () =>
      sendJson(context.service, 'POST', '/api/errors', { body: FULL }),
    )
    expect(kinds).toEqual({
      false: ['begin', 'insert errors', 'select errors', 'commit'],
      true: ['insert errors'],
    })
  })

  it('writes the deliveries of an endpoint subscribed to error.created as Payload does', async () => {
    const both = await withSubscribedEndpoint(context.service.payload, ['error.created'], () =>
      bothWays(FULL),
    )
    expect(both.compiled).toEqual({ ...both.payload, served: 1 })
    expect(JSON.stringify(both.compiled.written)).toContain('error.created')
  })

  it.each([
    ['no message', { source: 'web' }],
    ['an empty message', { message: '' }],
    ['a message past its length', { message: 'x'.repeat(2001) }],
    ['a number for text', { ...FULL, digest: 42 }],
    ['null for text', { ...FULL, stack: null }],
    ['a time of its own', { ...FULL, createdAt: '2020-01-01T00:00:00.000Z' }],
    ['an id of its own', { ...FULL, id: 999999 }],
    ['a field that does not exist', { ...FULL, severity: 'high' }],
    ['a prototype key', JSON.parse('{"message":"boom","__proto__":{"source":"web"}}')],
  ])('leaves %s to Payload, with its answer', async (_name, body) => {
    const { compiled, payload } = await bothWays(body)
    expect(compiled.served).toBe(0)
    expect(compiled.status).toBe(payload.status)
    expect(compiled.answer).toEqual(payload.answer)
    expect(compiled.written).toEqual(payload.written)
  })

  it('leaves a staff user, a cookie, a query string and an Idempotency-Key to Payload', async () => {
    const token = context.who.staff.headers.Authorization.replace(/^JWT /, '')
    for (const [headers, query] of [
      [context.who.staff.headers, ''],
      [{ Cookie: `payload-token=${token}` }, ''],
      [{ Cookie: 'consent=yes' }, ''],
      [{}, '?depth=0'],
      [{ 'idempotency-key': `error-${Date.now()}` }, ''],
    ] as const) {
      const { compiled, payload } = await bothWays(FULL, headers, query)
      expect(compiled.served).toBe(0)
      expect(compiled.status).toBe(payload.status)
      expect(compiled.keys).toEqual(payload.keys)
    }
  })

  it('sends no statement of its own for a request it leaves to Payload (a cookie, the switch off)', async () => {
    const kinds: string[][] = []
    for (const compiled of [false, true]) {
      compiledErrorCreates.enabled = compiled
      counted.sent = []
      const response = await sendJson(context.service, 'POST', '/api/errors', {
        body: FULL,
        headers: { Cookie: 'consent=yes' },
      })
      expect(response.status).toBe(201)
      kinds.push(counted.sent.map(statementKind))
    }
    compiledErrorCreates.enabled = true
    expect(kinds[1]).toEqual(kinds[0])
  })

  it('answers a database error as Payload does: the same status, headers and body', async () => {
    const db = context.service.payload.db.pool
    await db.query(`CREATE FUNCTION test_unavailable() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'shutting down' USING ERRCODE = '57P01'; END $$`)
    await db.query(`CREATE TRIGGER test_unavailable BEFORE INSERT ON errors FOR EACH ROW
      WHEN (NEW.message = 'Unavailable') EXECUTE FUNCTION test_unavailable()`)
    try {
      const { compiled, payload } = await bothWays({ message: 'Unavailable' })
      expect(payload.status).toBe(503)
      expect(payload.headers['retry-after']).toBe('5')
      // Counted as served by neither: the compiled write answered it, with Payload's answer.
      expect(compiled).toEqual(payload)
    } finally {
      await db.query('DROP TRIGGER test_unavailable ON errors; DROP FUNCTION test_unavailable()')
    }
  })

  it("leaves a lead-source key to Payload, which answers the new record's id alone", async () => {
    const leadSource = await apiClient(context.service.payload, 'lead-source')
    const { compiled, payload } = await bothWays(FULL, leadSource.headers)
    expect(compiled.served).toBe(0)
    expect(compiled).toEqual(payload)
    expect(compiled.keys).toEqual(['id'])
  })

  it('answers 503 when the connection is lost with its statement in flight, and never writes it again through Payload', async () => {
    const db = context.service.payload.db.pool
    // The statement's backend ends itself, as a restart would. The write runs outside a
    // transaction, so whether it wrote is unknown to the service.
    const lost = await refuseWrite(db, 'errors', {
      how: 'terminate',
      once: false,
      when: `NEW.message = 'Lost in flight'`,
    })
    try {
      const response = await sendJson(context.service, 'POST', '/api/errors', {
        body: { message: 'Lost in flight' },
      })
      expect([response.status, response.headers['retry-after']]).toEqual([503, '5'])
      expect(response.body).toEqual({ errors: [{ message: 'Service Unavailable' }] })
      // The compiled write's attempt alone: Payload's create was not asked to write it again.
      expect(await lost.attempts()).toBe(1)
    } finally {
      await lost.drop()
    }
  })

  it('answers as Payload does when the database refuses the compiled write, and writes once', async () => {
    const db = context.service.payload.db.pool
    const refusal = await refuseWrite(db, 'errors', { when: `NEW.message = 'Refused once'` })
    try {
      const served = compiledErrorCreates.served
      const before = Number((await db.query('SELECT count(*) FROM errors')).rows[0].count)
      const response = await sendJson(context.service, 'POST', '/api/errors', {
        body: { message: 'Refused once' },
      })
      expect(response.status).toBe(201)
      expect(response.body.doc.message).toBe('Refused once')
      expect(compiledErrorCreates.served).toBe(served)
      expect(Number((await db.query('SELECT count(*) FROM errors')).rows[0].count)).toBe(before + 1)
      // The compiled write, refused; then Payload's create.
      expect(await refusal.attempts()).toBe(2)
    } finally {
      await refusal.drop()
    }
  })
})
