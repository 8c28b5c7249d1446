/**
 * Endpoint 1 compiled (src/flows/creditAppCreate.ts): an API client's `POST /api/creditapps` sent
 * both ways, through Payload's create and through the compiled write, must leave the same rows (the
 * app with its sealed values, its version, its audit entry, the applicant's data key, its sanctions
 * matches, its webhook deliveries) and give the same answer, ids and times aside; what the compiled
 * write does not know goes through Payload, with Payload's answer, and a write that fails leaves
 * nothing behind.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from '@jest/globals'

import { encryptValue } from '@/creditData/cipher'
import { hookSignature } from '@/flows/compiledWrites'
import { compiledCreditAppCreates, HOOKS } from '@/flows/creditAppCreate'

import { bothWaysWith } from '../helpers/bothWays'
import { sendJson } from '../helpers/http'
import { normalised } from '../helpers/normalised'
import { refuseWrite } from '../helpers/refuseWrite'
import { useTestService } from '../helpers/service'
import { withSubscribedEndpoint } from '../helpers/webhookEndpoint'
import {
  AUDIT_ENTRIES,
  deliveriesOf,
  refusedBothWays,
  withValuesOpened,
} from '../helpers/writtenRows'

const context = useTestService({ principals: true, seed: true })

type Headers = Record<string, string>

const post = (body: unknown, headers: Headers = context.who.integrator.headers, query = '') =>
  sendJson(context.service, 'POST', `/api/creditapps${query}`, { body, headers })

const FULL = {
  birthDate: '1990-01-02',
  consumer: 'con_demo_maria',
  email: 'ana.lee@example.com',
  firstName: 'Ana',
  lastName: 'Lee',
  phoneNumber: '(512) 555-0112',
  preApproval: 'pre_demo_maria',
  provider: 'provider_b',
  ssn: '123-45-6789',
  vehicle: '4T1B11HK7NU000123',
}

/** What creating app `id` left in the database. */
const written = async (id: string) => {
  const db = context.service.payload.db.pool
  const rows = async (text: string) => (await db.query(text, [id])).rows
  const [app] = await rows('SELECT * FROM credit_app WHERE id = $1')
  const versions = await rows('SELECT * FROM _credit_app_v WHERE parent_id = $1 ORDER BY id')
  const clear = (row: Record<string, unknown>, prefix = '') =>
    withValuesOpened(context.service.payload, row, String(row[`${prefix}consumer_id`]), prefix)
  return normalised(
    {
      app: app && (await clear(app)),
      audit: await rows(AUDIT_ENTRIES),
      deliveries: await rows(deliveriesOf('credit-app')),
      jobs: await rows(
        `SELECT task_slug, queue, input, total_tried, has_error, wait_until, processing
           FROM payload_jobs WHERE input->>'creditApp' = $1 ORDER BY id`,
      ),
      matches: await rows(
        `SELECT subject_collection, role, ent_num, screened_name, matched_name, name_score, status
           FROM sanctions_match WHERE subject_id = $1 ORDER BY id`,
      ),
      rels: await rows('SELECT * FROM credit_app_rels WHERE parent_id = $1'),
      versions: await Promise.all(versions.map((row) => clear(row, 'version_'))),
    },
    id,
    'APP',
  )
}

/** `value` with every UUID (a submission's idempotency key, made afresh by each write) named. */
const withoutUuids = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      'UUID',
    ),
  )

let consumers = 0

/**
 * A new applicant (their own name and phone); `keyless`: without a data key, as a consumer written
 * before keys existed, whose values are sealed with the master key alone.
 */
const newApplicant = async (lastName: string, { keyless = false } = {}): Promise<string> => {
  const { payload } = context.service
  const birthDate = '1970-05-06'
  const consumer = await payload.create({
    collection: 'consumer',
    data: {
      birthDate,
      firstName: 'Applicant',
      lastName,
      phoneNumber: `(512) 555-${String(170 + ++consumers).padStart(4, '0')}`,
    },
  })
  if (keyless)
    await payload.db.pool.query(
      `WITH gone AS (DELETE FROM consumer_data_keys WHERE consumer = $1)
       UPDATE consumer SET birth_date = $2 WHERE id = $1`,
      [consumer.id, encryptValue(birthDate, 'birthDate')],
    )
  return consumer.id
}

/** The same request through Payload's create, then the compiled write: both answers and what each left. */
const bothWays = bothWaysWith(
  compiledCreditAppCreates,
  async (
    body: unknown,
    headers?: Headers,
    query?: string,
    // Off where Payload may store what the check of the rows refuses (a caller's "ciphertext").
    { rows = true } = {},
  ) => {
    const response = await post(body, headers, query)
    const id: string = response.body?.data?.id ?? ''
    return withoutUuids({
      answer: normalised(response.body, id, 'APP'),
      keys: Object.keys(response.body?.data ?? {}),
      status: response.status,
      written: id && rows ? await written(id) : null,
    })
  },
)

describe('POST /api/creditapps by an API client, compiled', () => {
  it('is written against the collection as it is (its hooks are the ones it does the work of)', () => {
    expect(hookSignature(context.service.payload.collections['credit-app'].config)).toBe(HOOKS)
  })

  it.each([
    ['every value of the applicant', FULL],
    [
      'the three relations only',
      { consumer: FULL.consumer, preApproval: FULL.preApproval, vehicle: FULL.vehicle },
    ],
  ])('with %s: the same answer and the same rows as Payload', async (_name, body) => {
    const { compiled, payload } = await bothWays(JSON.parse(JSON.stringify(body)))
    expect(payload.status).toBe(200)
    expect(compiled.served).toBe(1)
    expect(compiled).toEqual({ ...payload, served: 1 })
  })

  it('seals the values of an applicant who has no data key yet with a new one, as Payload does', async () => {
    const sides = []
    for (const enabled of [false, true]) {
      compiledCreditAppCreates.enabled = enabled
      const consumer = await newApplicant('Keyless', { keyless: true })
      const served = compiledCreditAppCreates.served
      const response = await post({ ...FULL, consumer })
      expect(response.status).toBe(200)
      sides.push({
        served: compiledCreditAppCreates.served - served,
        written: normalised(await written(response.body.data.id), consumer, 'CONSUMER'),
      })
    }
    compiledCreditAppCreates.enabled = true
    expect(sides[1]).toEqual({ ...sides[0], served: 1 })
  })

  it('names an applicant and a pre-approval in the trash as Payload does (neither in the title or the audit entry)', async () => {
    const { payload } = context.service
    const consumer = await newApplicant('Trashed')
    const preApproval = await payload.create({
      collection: 'pre-approval',
      data: {
        consumer,
        creditBand: 'crb_demo_prime',
        validUntilTime: '2030-01-01T00:00:00.000Z',
      },
    })
    const trash = (table: string, id: string) =>
      payload.db.pool.query(`UPDATE ${table} SET deleted_at = now() WHERE id = $1`, [id])
    await trash('consumer', consumer)
    const trashedConsumer = await bothWays({ ...FULL, consumer })
    expect(trashedConsumer.compiled).toEqual({ ...trashedConsumer.payload, served: 1 })
    expect(JSON.stringify(trashedConsumer.compiled.written)).not.toContain('Trashed')
    await trash('pre_approval', preApproval.id)
    const trashedBoth = await bothWays({
      ...FULL,
      consumer,
      preApproval: preApproval.id,
    })
    expect(trashedBoth.compiled).toEqual({ ...trashedBoth.payload, served: 1 })
  })

  it('writes the deliveries of an endpoint subscribed to credit_app.created as Payload does', async () => {
    const both = await withSubscribedEndpoint(context.service.payload, ['credit_app.created'], () =>
      bothWays(FULL),
    )
    expect(both.compiled).toEqual({ ...both.payload, served: 1 })
    expect(JSON.stringify(both.compiled.written)).toContain('credit_app.created')
  })

  it.each([
    ['a phone number it refuses', { ...FULL, phoneNumber: '12' }],
    ['a date that is not one', { ...FULL, birthDate: '1990-02-30' }],
    ['an SSN it refuses', { ...FULL, ssn: '123-45-678' }],
    ['an e-mail address it refuses', { ...FULL, email: 'not an address' }],
    ['a provider that is not one', { ...FULL, provider: 'provider_c' }],
    ['a consumer that does not exist', { ...FULL, consumer: 'con_nobody' }],
    ['a vehicle that does not exist', { ...FULL, vehicle: '1HGCM82633A00435X' }],
    ['a pre-approval that does not exist', { ...FULL, preApproval: 'pre_nothing' }],
    ['a number for text', { ...FULL, lastName: 42 }],
    ['a value already in the stored form', { ...FULL, ssn: 'enc:v1:k1:AAAA:BBBB:CCCC' }],
    ['a field that does not exist', { ...FULL, shoeSize: '9' }],
    ['a field no caller writes', { ...FULL, providerResponse: { ok: true } }],
  ])('leaves %s to Payload, with its answer', async (_name, body) => {
    const { compiled, payload } = await bothWays(body, undefined, undefined, { rows: false })
    expect(compiled.served).toBe(0)
    expect(compiled.status).toBe(payload.status)
    expect(compiled.answer).toEqual(payload.answer)
  })

  it('leaves a co-applicant to Payload, with the same rows', async () => {
    const body = { ...FULL, coApplicantConsumer: 'con_demo_maria', coApplicantFirstName: 'Co' }
    const { compiled, payload } = await bothWays(body)
    expect(compiled.served).toBe(0)
    expect(compiled).toEqual({ ...payload, served: 0 })
  })

  it('with toProvider false: the same answer and rows as Payload', async () => {
    const { compiled, payload } = await bothWays({ ...FULL, toProvider: false })
    expect(payload.status).toBe(200)
    expect(compiled).toEqual({ ...payload, served: 1 })
    expect(compiled.written).toMatchObject({ jobs: [] })
  })

  let disclosure: number | undefined

  /** The applicant's credit-report authorization (a grant, with its disclosure), or its revocation. */
  const authorize = async (consumer: string, action: 'grant' | 'revoke') => {
    const send = (path: string, who: 'integrator' | 'staff', body: unknown) =>
      sendJson(context.service, 'POST', path, { body, headers: context.who[who].headers })
    disclosure ??= (
      await send('/api/disclosures', 'staff', {
        kind: 'credit-report-authorization',
        text: 'I authorize the dealer to obtain my credit report.',
        version: '1',
      })
    ).body.doc.id
    const consent = await send('/api/consents', 'integrator', {
      action,
      consumer,
      ...(action === 'grant' && { disclosure }),
      kind: 'credit-report-authorization',
      method: 'web-form',
      role: 'applicant',
    })
    expect(consent.status).toBe(201)
  }

  it('with toProvider true, the applicant having authorized a credit report: queued with its job, as Payload queues it', async () => {
    const consumer = await newApplicant('Authorized')
    await authorize(consumer, 'grant')
    const { compiled, payload } = await bothWays({ ...FULL, consumer, toProvider: true })
    expect(compiled).toEqual({ ...payload, served: 1 })
    expect(compiled.answer).toMatchObject({ data: { providerSubmission: { status: 'queued' } } })
    expect(compiled.written).toMatchObject({ jobs: [{ input: { attempt: 1 } }] })
    // The job names the app's own queueing (else the send task takes it for a superseded one),
    // and the version keeps the app's idempotency key: compared before the names above hide them.
    const { rows } = await context.service.payload.db.pool.query(
      `SELECT a.provider_submission_queued_at = (j.input->>'queuedAt')::timestamptz AS same_queueing,
              a.provider_submission_idempotency_key = v.version_provider_submission_idempotency_key
                AS same_key
         FROM credit_app a JOIN payload_jobs j ON j.input->>'creditApp' = a.id
         JOIN _credit_app_v v ON v.parent_id = a.id
        WHERE a.consumer_id = $1 ORDER BY a.created_at`,
      [consumer],
    )
    expect(rows).toEqual([
      { same_key: true, same_queueing: true },
      { same_key: true, same_queueing: true },
    ])
  })

  it('with toProvider true after the applicant revoked their authorization: held as Payload holds it, no job', async () => {
    const consumer = await newApplicant('Revoked')
    await authorize(consumer, 'grant')
    await authorize(consumer, 'revoke')
    const { compiled, payload } = await bothWays({ ...FULL, consumer, toProvider: true })
    expect(compiled).toEqual({ ...payload, served: 1 })
    expect(compiled.answer).toMatchObject({
      data: { providerSubmission: { status: 'awaiting authorization' } },
    })
    expect(compiled.written).toMatchObject({ jobs: [] })
  })

  it('with toProvider true and no authorization on file: held as Payload holds it, no job', async () => {
    const consumer = await newApplicant('Unauthorized')
    const { compiled, payload } = await bothWays({ ...FULL, consumer, toProvider: true })
    expect(compiled).toEqual({ ...payload, served: 1 })
    expect(compiled.answer).toMatchObject({
      data: { providerSubmission: { status: 'awaiting authorization' } },
    })
    expect(compiled.written).toMatchObject({ jobs: [] })
  })

  it('leaves a toProvider that is not a boolean to Payload, with its answer', async () => {
    const { compiled, payload } = await bothWays(
      { ...FULL, toProvider: 'yes' },
      undefined,
      undefined,
      {
        rows: false,
      },
    )
    expect(compiled.served).toBe(0)
    expect(compiled.status).toBe(payload.status)
    expect(compiled.answer).toEqual(payload.answer)
  })

  it.each([
    'clientAdmin',
    'leadAgent',
    'disabledClient',
    'anonymous',
    'staff',
    'staffAdmin',
  ] as const)('as %s: the same status and answer either way', async (name) => {
    const { compiled, payload } = await bothWays(FULL, context.who[name].headers)
    expect(compiled.status).toBe(payload.status)
    expect(compiled.answer).toEqual(payload.answer)
    expect(compiled.written).toEqual(payload.written)
    // An admin key creates apps (compiled); staff and dealers through Payload (they stamp the
    // app), a lead agent's key may not, and the others are not signed in.
    expect(compiled.served).toBe(name === 'clientAdmin' ? 1 : 0)
  })

  it('leaves a query string and an Idempotency-Key to Payload', async () => {
    const depth = await bothWays(FULL, undefined, '?depth=0')
    expect(depth.compiled.served).toBe(0)
    expect(depth.compiled.answer).toEqual(depth.payload.answer)
    const keyed = await bothWays(FULL, {
      ...context.who.integrator.headers,
      'idempotency-key': `credit-app-${Date.now()}`,
    })
    expect(keyed.compiled.served).toBe(0)
  })

  it('screens the applicant against a loaded sanctions list as Payload does: the match is recorded with the app', async () => {
    const fixture = (name: string) =>
      fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/sanctions', name), 'utf8')
    const form = new FormData()
    for (const name of ['sdn', 'alt', 'add'])
      form.append(name, new Blob([fixture(`${name}.csv`)], { type: 'text/csv' }), `${name}.csv`)
    const loaded = await context.service.api('/api/sanctions-list/load', {
      body: form,
      headers: context.who.staffAdmin.headers,
      method: 'POST',
    })
    expect(loaded.status).toBe(201)
    const listed = { ...FULL, firstName: 'Hector', lastName: 'Ramirez Lopez' }
    const { compiled, payload: before } = await bothWays(listed)
    expect(compiled).toEqual({ ...before, served: 1 })
    expect(JSON.stringify(compiled.written)).toContain('RAMIREZ')
    // Sent for, the listed applicant's app is held for review, as Payload holds it: no job.
    const held = await bothWays({ ...listed, toProvider: true })
    expect(held.compiled).toEqual({ ...held.payload, served: 1 })
    expect(held.compiled.answer).toMatchObject({
      data: { providerSubmission: { status: 'awaiting sanctions review' } },
    })
    expect(held.compiled.written).toMatchObject({ jobs: [] })
    // Someone not on the list: no match either way.
    const clear = await bothWays(FULL)
    expect(clear.compiled).toEqual({ ...clear.payload, served: 1 })
  })

  it("a compiled write rolled back after making the applicant's data key: Payload's write makes it again, and the values read back", async () => {
    const { payload } = context.service
    const consumer = await newApplicant('Rolled back', { keyless: true })
    // The compiled write's version is refused (after the key and the row): it rolls back, and
    // Payload's write, on the same request, is let through.
    const refusal = await refuseWrite(payload.db.pool, '_credit_app_v', {
      when: `NEW.version_first_name = 'Keyed'`,
    })
    try {
      const served = compiledCreditAppCreates.served
      const response = await post({ ...FULL, consumer, firstName: 'Keyed' })
      expect(response.status).toBe(200)
      expect(compiledCreditAppCreates.served).toBe(served)
      expect(await refusal.attempts()).toBe(2)
      // Read again by another request: the values open with the key that was stored.
      const read = await sendJson(
        context.service,
        'GET',
        `/api/creditapps/${response.body.data.id}?depth=0`,
        { headers: context.who.integrator.headers },
      )
      expect(read.status).toBe(200)
      expect(read.body.data).toMatchObject({ birthDate: FULL.birthDate, ssn: '***-**-6789' })
      expect(await written(response.body.data.id)).toMatchObject({
        app: {
          birth_date: `sealed:${FULL.birthDate}`,
          ssn: `sealed:${FULL.ssn}`,
        },
      })
    } finally {
      await refusal.drop()
    }
  })

  it.each([
    ['refuses the compiled write', 'raise'],
    ['loses the connection with the compiled write in flight', 'terminate'],
  ] as const)(
    'writes once, through Payload, when the database %s: the values open with the key stored',
    async (_name, how) => {
      const db = context.service.payload.db.pool
      const consumer = await newApplicant(`Lost ${how}`, { keyless: true })
      const refusal = await refuseWrite(db, 'credit_app', {
        how,
        when: `NEW.consumer_id = '${consumer}'`,
      })
      try {
        const served = compiledCreditAppCreates.served
        const response = await post({ ...FULL, consumer })
        expect(response.status).toBe(200)
        expect(compiledCreditAppCreates.served).toBe(served)
        // The compiled write, refused and rolled back; then Payload's create.
        expect(await refusal.attempts()).toBe(2)
        const { rows } = await db.query('SELECT id FROM credit_app WHERE consumer_id = $1', [
          consumer,
        ])
        expect(rows.map((row) => row.id)).toEqual([response.body.data.id])
        expect(await written(response.body.data.id)).toMatchObject({
          app: { birth_date: `sealed:${FULL.birthDate}`, ssn: `sealed:${FULL.ssn}` },
        })
      } finally {
        await refusal.drop()
      }
    },
  )

  it('leaves nothing behind when the write fails, and answers as Payload does', async () => {
    const consumer = await newApplicant('Refused', { keyless: true })
    await authorize(consumer, 'grant')
    await refusedBothWays(
      context.service.payload.db.pool,
      '_credit_app_v',
      ['credit_app', 'consumer_data_keys', '_credit_app_v', 'audit_log', 'payload_jobs'],
      () => bothWays({ ...FULL, consumer, firstName: 'Refused', toProvider: true }),
    )
  })
})
