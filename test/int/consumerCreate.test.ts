/**
 * Endpoint 4 compiled (src/flows/consumerCreate.ts): an API client's `POST /api/consumers` sent
 * both ways, through Payload's create and through the compiled write, must leave the same rows (the
 * consumer, its data key, its version, its audit entry, its webhook deliveries) and give the same
 * answer, ids and times aside (test/int/writeStatements.test.ts counts the statements); what the compiled write does not know goes through Payload, with
 * Payload's answer, and a write that fails leaves nothing behind.
 */
import { describe, expect, it } from '@jest/globals'

import { hookSignature } from '@/flows/compiledWrites'
import { compiledConsumerCreates, HOOKS } from '@/flows/consumerCreate'

import { bothWaysWith } from '../helpers/bothWays'
import { sendJson } from '../helpers/http'
import { normalised } from '../helpers/normalised'
import { useTestService } from '../helpers/service'
import { withSubscribedEndpoint } from '../helpers/webhookEndpoint'
import {
  AUDIT_ENTRIES,
  deliveriesOf,
  refusedBothWays,
  withValuesOpened,
} from '../helpers/writtenRows'

const context = useTestService({ principals: true })

type Headers = Record<string, string>

const post = (body: unknown, headers: Headers = context.who.integrator.headers, query = '') =>
  sendJson(context.service, 'POST', `/api/consumers${query}`, { body, headers })

const FULL = {
  birthDate: '1990-01-02',
  email: 'ana.lee@example.com',
  firstName: 'Ana',
  lastName: 'Lee',
  phoneNumber: '(512) 555-0112',
  ssn: '123-45-6789',
}

/** What creating consumer `id` left in the database. */
const written = async (id: string) => {
  const db = context.service.payload.db.pool
  const rows = async (text: string) => (await db.query(text, [id])).rows
  const [consumer] = await rows('SELECT * FROM consumer WHERE id = $1')
  const versions = await rows('SELECT * FROM _consumer_v WHERE parent_id = $1 ORDER BY id')
  const clear = (row: Record<string, unknown>, prefix = '') =>
    withValuesOpened(context.service.payload, row, id, prefix)
  return normalised(
    {
      audit: await rows(AUDIT_ENTRIES),
      consumer: consumer && (await clear(consumer)),
      deliveries: await rows(deliveriesOf('consumer')),
      keys: (
        await rows('SELECT count(*)::int AS n FROM consumer_data_keys WHERE consumer = $1')
      )[0],
      rels: await rows('SELECT * FROM consumer_rels WHERE parent_id = $1'),
      texts: await rows('SELECT * FROM consumer_texts WHERE parent_id = $1'),
      versions: await Promise.all(versions.map((row) => clear(row, 'version_'))),
    },
    id,
    'CONSUMER',
  )
}

/** The same request through Payload's create, then the compiled write: both answers and what each left. */
const bothWays = bothWaysWith(
  compiledConsumerCreates,
  async (
    body: unknown,
    headers?: Headers,
    query?: string,
    // Off where Payload may store what the check of the rows refuses (a caller's "ciphertext").
    { rows = true } = {},
  ) => {
    const response = await post(body, headers, query)
    const id: string = response.body?.data?.id ?? ''
    return {
      answer: normalised(response.body, id, 'CONSUMER'),
      keys: Object.keys(response.body?.data ?? {}),
      status: response.status,
      written: id && rows ? await written(id) : null,
    }
  },
)

describe('POST /api/consumers by an API client, compiled', () => {
  it('is written against the collection as it is (its hooks are the ones it does the work of)', () => {
    expect(hookSignature(context.service.payload.collections.consumer.config)).toBe(HOOKS)
  })

  it.each([
    ['every value of the contract', FULL],
    ['the required values only', { ...FULL, email: undefined, ssn: undefined }],
  ])('with %s: the same answer and the same rows as Payload', async (_name, body) => {
    const { compiled, payload } = await bothWays(JSON.parse(JSON.stringify(body)))
    expect(payload.status).toBe(200)
    expect(compiled.served).toBe(1)
    expect(compiled).toEqual({ ...payload, served: 1 })
  })

  it('writes the deliveries of an endpoint subscribed to consumer.created as Payload does', async () => {
    const both = await withSubscribedEndpoint(context.service.payload, ['consumer.created'], () =>
      bothWays(FULL),
    )
    expect(both.compiled).toEqual({ ...both.payload, served: 1 })
    expect(JSON.stringify(both.compiled.written)).toContain('consumer.created')
  })

  it.each([
    ['a phone number it refuses', { ...FULL, phoneNumber: '12' }],
    ['a date that is not one', { ...FULL, birthDate: '1990-02-30' }],
    ['an SSN it refuses', { ...FULL, ssn: '123-45-678' }],
    ['an e-mail address it refuses', { ...FULL, email: 'not an address' }],
    ['a field of another kind', { ...FULL, phoneNumbers: ['(512) 555-0199'] }],
    ['a number for text', { ...FULL, lastName: 42 }],
    ['a value already in the stored form', { ...FULL, ssn: 'enc:v1:k1:AAAA:BBBB:CCCC' }],
    ['a field that does not exist', { ...FULL, shoeSize: '9' }],
    // Each name within the text limit, the title they make (its hook's) past it: a 400 on title.
    [
      'names that make a title too long',
      { ...FULL, firstName: 'A'.repeat(20_000), lastName: 'B'.repeat(20_001) },
    ],
  ])('leaves %s to Payload, with its answer', async (_name, body) => {
    const { compiled, payload } = await bothWays(body, undefined, undefined, { rows: false })
    expect(compiled.served).toBe(0)
    expect(compiled.status).toBe(payload.status)
    expect(compiled.answer).toEqual(payload.answer)
  })

  it.each(['clientAdmin', 'leadAgent', 'disabledClient', 'anonymous'] as const)(
    'as %s: the same status and answer either way',
    async (name) => {
      const { compiled, payload } = await bothWays(FULL, context.who[name].headers)
      expect(compiled.status).toBe(payload.status)
      expect(compiled.answer).toEqual(payload.answer)
      expect(compiled.written).toEqual(payload.written)
      // An admin key creates consumers (compiled); a lead agent's key may not, and the others
      // are not signed in: Payload refuses them.
      expect([compiled.served, compiled.status]).toEqual(
        name === 'clientAdmin' ? [1, 200] : [0, name === 'leadAgent' ? 403 : 401],
      )
    },
  )

  it('leaves a chosen id to Payload, which keeps it', async () => {
    const served = compiledConsumerCreates.served
    const response = await post({ ...FULL, id: 'con_chosenByTheClient' })
    expect(response.status).toBe(200)
    expect(response.body.data.id).toBe('con_chosenByTheClient')
    expect(compiledConsumerCreates.served).toBe(served)
  })

  it('leaves a staff user, a query string and an Idempotency-Key to Payload', async () => {
    const staff = await bothWays(FULL, context.who.staff.headers)
    expect(staff.compiled.served).toBe(0)
    expect(staff.compiled.status).toBe(200)
    const depth = await bothWays(FULL, undefined, '?depth=0')
    expect(depth.compiled.served).toBe(0)
    expect(depth.compiled.answer).toEqual(depth.payload.answer)
    const keyed = await bothWays(FULL, {
      ...context.who.integrator.headers,
      'idempotency-key': `consumer-${Date.now()}`,
    })
    expect(keyed.compiled.served).toBe(0)
  })

  it('leaves nothing behind when the write fails, and answers as Payload does', async () => {
    await refusedBothWays(
      context.service.payload.db.pool,
      '_consumer_v',
      ['consumer', 'consumer_data_keys', '_consumer_v', 'audit_log'],
      () => bothWays({ ...FULL, firstName: 'Refused' }),
    )
  })
})
