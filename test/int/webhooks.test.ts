/**
 * Signed webhooks over real HTTP: endpoints managed over REST, every event delivered once per
 * change and verified by a receiver with a Standard Webhooks library, none for a rolled-back
 * write, retries (with the same webhook-id) through a failing receiver, order per record, an
 * endpoint disabled after repeated failures, resend, secret rotation, and SSRF refusals.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { createLocalReq, initTransaction, killTransaction } from 'payload'
import { Webhook } from 'standardwebhooks'

import { isRecord } from '@/lib/isRecord'
import { EVENT_TYPES, type EventPayload } from '@/webhooks/events'
import { addressRefusal } from '@/webhooks/target'

import { documentAjv, toJsonSchema } from '../helpers/contract'
import { sendJson } from '../helpers/http'
import { createLeadRecords } from '../helpers/leadSide'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { sampleRecords } from '../helpers/samples'
import { startTestService, type TestService } from '../helpers/service'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'

const SETTINGS = {
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  WEBHOOK_DISABLE_AFTER_FAILURES: '4',
  WEBHOOK_RETRY_BASE_MS: '40',
  WEBHOOK_RETRY_MAX_MS: '400',
}

let service: TestService
let who: Record<PrincipalName, Principal>
let receiver: WebhookReceiver
let lead: Awaited<ReturnType<typeof createLeadRecords>>

const call = (method: string, path: string, body?: unknown, caller = who.clientAdmin) =>
  sendJson(service, method, path, { body, headers: caller.headers })

/** A new endpoint for `events`, at the receiver unless `url` says otherwise; its secret set on the receiver. */
const createEndpoint = async (events: string[], url = receiver.url) => {
  const response = await call('POST', '/api/webhook-endpoints', { events, url })
  expect(response.status).toBe(201)
  if (url === receiver.url) receiver.secrets = [response.body.doc.secret]
  return response.body.doc as { id: number; secret: string }
}

const deliveriesOf = async (endpoint: number) =>
  (
    await service.payload.find({
      collection: 'webhook-deliveries',
      depth: 0,
      pagination: false,
      sort: 'id',
      where: { endpoint: { equals: endpoint } },
    })
  ).docs

const CREDIT_DATA = ['ssn', 'coApplicantSSN', 'birthDate', 'coApplicantBirthDate']

/** Every object of a schema closed: a key the document does not describe fails validation. */
const closed = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(closed)
  if (!isRecord(schema)) return schema
  const out = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]))
  return isRecord(schema.properties) && schema.additionalProperties === undefined
    ? { ...out, additionalProperties: false }
    : out
}

/** Per event type, the problems of a payload against the document's `x-webhooks` schema. */
const payloadValidators = async () => {
  const document = await (await service.api('/api/openapi.json')).json()
  const ajv = documentAjv(document)
  return Object.fromEntries(
    Object.entries(document['x-webhooks']).map(([type, hook]) => {
      const { $ref } = (hook as any).post.requestBody.content['application/json'].schema
      const validate = ajv.compile(
        toJsonSchema(closed(document.components.schemas[$ref.split('/').pop()])) as object,
      )
      return [
        type,
        (body: unknown) =>
          validate(body)
            ? []
            : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`),
      ]
    }),
  )
}

/** Every endpoint: a bulk write names what it touches (hooks/reduceFilters.ts). */
const disableAll = () =>
  service.payload.update({
    collection: 'webhook-endpoints',
    data: { enabled: false },
    where: { id: { exists: true } },
  })

beforeAll(async () => {
  Object.assign(process.env, SETTINGS)
  service = await startTestService({ jobsPollMs: 25, seed: true })
  who = await createPrincipals(service.payload)
  lead = await createLeadRecords(service.payload)
  receiver = await startWebhookReceiver()
})

afterAll(async () => {
  await service?.close()
  await receiver?.close()
  for (const name of Object.keys(SETTINGS)) delete process.env[name]
})

beforeEach(async () => {
  await disableAll()
  receiver.received.length = 0
  receiver.script()
})

describe('webhook endpoints', () => {
  it('answer the signing secret once, on create, and never on a read', async () => {
    const endpoint = await createEndpoint(['error.created'])
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    const read = await call('GET', `/api/webhook-endpoints/${endpoint.id}`)
    expect(read.status).toBe(200)
    expect(read.body).not.toHaveProperty('secret')
    expect(read.body).not.toHaveProperty('previousSecret')
    expect(JSON.stringify(read.body)).not.toContain(endpoint.secret)
  })

  it('are for admins only: integrators, lead agents and staff are refused', async () => {
    for (const name of ['integrator', 'leadAgent', 'staff'] as const) {
      const create = await call(
        'POST',
        '/api/webhook-endpoints',
        { events: ['error.created'], url: receiver.url },
        who[name],
      )
      expect(create.status).toBe(403)
      expect((await call('GET', '/api/webhook-deliveries', undefined, who[name])).status).toBe(403)
    }
    expect((await call('GET', '/api/webhook-endpoints', undefined, who.anonymous)).status).toBe(401)
    expect((await call('POST', '/api/webhook-deliveries', { event: 'error.created' })).status).toBe(
      403,
    )
  })

  it('refuse a URL that is not http(s), carries credentials, or names a private address', async () => {
    for (const url of [
      'ftp://example.com/hook',
      'not a url',
      'https://user:pass@example.com/hook',
      'http://10.0.0.8/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:192.168.1.1]/hook',
      'https://[::127.0.0.1]/hook',
      'https://[::ffff:0:7f00:1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[fec0::1]/hook',
      'https://[3fff::1]/hook',
      'https://example.com:0/hook',
      `https://example.com/${'a'.repeat(2048)}`,
      `https://${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.example/`,
    ]) {
      const response = await call('POST', '/api/webhook-endpoints', {
        events: ['error.created'],
        url,
      })
      expect(response.status).toBe(400)
      expect(response.body.errors[0].data.errors[0].path).toBe('url')
    }
  })

  it('keep their secret, failure count and reason whatever a caller sends for them', async () => {
    const endpoint = await createEndpoint(['error.created'])
    const patched = await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, {
      consecutiveFailures: 99,
      disabledReason: 'x',
      secret: 'whsec_chosen',
    })
    expect(patched.status).toBe(200)
    expect(patched.body.doc).toMatchObject({ consecutiveFailures: 0, disabledReason: null })
    await call('POST', '/api/errors', { message: 'after patch', source: 'webhook-test' })
    const [delivery] = await receiver.waitFor(1)
    expect(delivery.verifiedWith).toBe(0)
  })
})

describe('delivery', () => {
  it('sends every event type, signed, once per change, without credit data', async () => {
    const endpoint = await createEndpoint([...EVENT_TYPES])
    const consumer = await call(
      'POST',
      '/api/consumers',
      { ...sampleRecords.consumer(), ssn: '123-45-6789' },
      who.integrator,
    )
    expect(consumer.status).toBe(200)
    const app = await call(
      'POST',
      '/api/creditapps',
      { ...sampleRecords['credit-app'](), birthDate: '1980-02-03', ssn: '234-56-7890' },
      who.integrator,
    )
    expect(app.body).toMatchObject({ success: true })
    // The provider path's own write of a new status (toProvider is off here).
    await service.payload.update({
      collection: 'credit-app',
      data: { providerSubmission: { status: 'accepted' } },
      id: app.body.data.id,
    })
    const event = await call(
      'POST',
      '/api/leadEvents',
      // Not made current: that would also change (and announce) the lead's current event.
      { currentStatusFor: null, lead: lead.leadId, status: 'Searching', type: 'Lead Created' },
      who.staff,
    )
    expect(event.status).toBe(201)
    expect(
      (
        await call(
          'PATCH',
          `/api/leadEvents/${event.body.doc.id}`,
          { status: 'Customer Provided Options' },
          who.leadAgent,
        )
      ).status,
    ).toBe(200)
    expect(
      (
        await call(
          'PATCH',
          `/api/vdpEmails/${lead.emailId}`,
          { vins: lead.vinIds.slice(0, 2) },
          who.leadAgent,
        )
      ).status,
    ).toBe(200)
    const newLead = await call('POST', '/api/lead', { firstName: 'Hook' }, who.staff)
    expect(newLead.status).toBe(201)
    expect(
      (await call('PATCH', `/api/lead/${newLead.body.doc.id}`, { lastName: 'Test' }, who.staff))
        .status,
    ).toBe(200)
    const deal = await call('POST', '/api/deal', { currentBidPrice: 100 }, who.staff)
    expect(deal.status).toBe(201)
    expect(
      (await call('PATCH', `/api/deal/${deal.body.doc.id}`, { currentBidPrice: 200 }, who.staff))
        .status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/errors', { message: 'boom', source: 'webhook-test' })).status,
    ).toBe(201)

    const received = await receiver.waitFor(11)
    // Nothing more arrives: one delivery per change.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(receiver.received).toHaveLength(11)
    expect(received.map((item) => item.body.type).sort()).toEqual(
      [
        'consumer.created',
        'credit_app.created',
        'credit_app.submission_status_changed',
        'deal.created',
        'deal.updated',
        'error.created',
        'lead.created',
        'lead.updated',
        'lead_event.created',
        'lead_event.updated',
        'vdp_email.updated',
      ].sort(),
    )
    for (const item of received) {
      expect(item.verifiedWith).toBe(0)
      expect(item.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/)
      expect(item.body).toMatchObject({
        data: { collection: expect.any(String), id: expect.anything(), record: expect.any(Object) },
        timestamp: expect.any(String),
      })
      expect(item.body.data.record.id).toBe(item.body.data.id)
    }
    const byType = Object.fromEntries(received.map((item) => [item.body.type, item.body]))
    for (const type of [
      'consumer.created',
      'credit_app.created',
      'credit_app.submission_status_changed',
    ]) {
      const record = byType[type].data.record
      for (const field of CREDIT_DATA) expect(record).not.toHaveProperty(field)
    }
    const raw = JSON.stringify(received.map((item) => item.body))
    for (const secret of ['123-45-6789', '6789', '234-56-7890', '7890', '1980-02-03'])
      expect(raw).not.toContain(secret)
    expect(byType['credit_app.submission_status_changed'].data).toMatchObject({
      previousStatus: null,
      status: 'accepted',
    })
    expect(byType['lead_event.updated'].data.record.status).toBe('Customer Provided Options')
    // Each record as the last event left it: what an admin API client reads at depth 0, less
    // the credit data; never a staff-only field.
    const latest = new Map(
      received.map(({ body }: { body: EventPayload }) => [
        `${body.data.collection}/${body.data.id}`,
        body.data,
      ]),
    )
    for (const data of latest.values()) {
      const read = await call('GET', `/api/${data.collection}/${data.id}?depth=0`)
      expect(read.status).toBe(200)
      for (const field of CREDIT_DATA) delete read.body[field]
      expect(data.record).toEqual(read.body)
      expect(data.record).not.toHaveProperty('title')
    }
    const validate = await payloadValidators()
    for (const { body } of received) {
      const problems = validate[body.type](body)
      expect({ type: body.type, problems }).toEqual({ type: body.type, problems: [] })
    }
    // A key the schema does not describe is a problem.
    const updated = byType['deal.updated']
    const leaked = {
      ...updated,
      data: { ...updated.data, record: { ...updated.data.record, title: 'x' } },
    }
    expect(validate['deal.updated'](updated)).toEqual([])
    expect(validate['deal.updated'](leaked)).toEqual([
      '/data/record must NOT have additional properties',
    ])
    const log = await deliveriesOf(endpoint.id)
    expect(log).toHaveLength(11)
    for (const row of log)
      expect(row).toMatchObject({ attempts: 1, lastStatusCode: 204, status: 'succeeded' })
  })

  it('writes no delivery for a write that rolls back, and one for a write that commits', async () => {
    const endpoint = await createEndpoint(['error.created'])
    const req = await createLocalReq({}, service.payload)
    await initTransaction(req)
    const lost = await service.payload.create({
      collection: 'errors',
      data: { message: 'rolled back' },
      req,
    })
    await killTransaction(req)
    const kept = await service.payload.create({ collection: 'errors', data: { message: 'kept' } })
    await receiver.waitFor(1)
    const log = await deliveriesOf(endpoint.id)
    expect(log.map((row) => row.recordKey)).toEqual([`errors:${kept.id}`])
    expect(log.map((row) => row.recordKey)).not.toContain(`errors:${lost.id}`)
  })

  it('retries a failing receiver with the same webhook-id, honouring Retry-After, until it succeeds', async () => {
    const endpoint = await createEndpoint(['error.created'])
    receiver.script(
      { status: 500 },
      { status: 503 },
      { headers: { 'Retry-After': '1' }, status: 429 },
    )
    await call('POST', '/api/errors', { message: 'flaky receiver', source: 'webhook-test' })
    const attempts = await receiver.waitFor(4)
    expect(new Set(attempts.map((item) => item.id)).size).toBe(1)
    expect(attempts.every((item) => item.verifiedWith === 0)).toBe(true)
    // Retry-After: 1 asked for a second; the backoff alone is at most 400 ms here.
    expect(attempts[3].receivedAt - attempts[2].receivedAt).toBeGreaterThanOrEqual(950)
    await waitUntil(async () => (await deliveriesOf(endpoint.id))[0].status === 'succeeded')
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ attempts: 4, lastStatusCode: 204 })
  })

  it('keeps the order of one record\u2019s events while the first is retried', async () => {
    await createEndpoint(['deal.created', 'deal.updated'])
    receiver.script({ status: 500 }, { status: 500 })
    const deal = await service.payload.create({ collection: 'deal', data: { currentBidPrice: 1 } })
    await service.payload.update({ collection: 'deal', data: { currentBidPrice: 2 }, id: deal.id })
    await service.payload.update({ collection: 'deal', data: { currentBidPrice: 3 }, id: deal.id })
    const received = await receiver.waitFor(5)
    const firstSuccess = 2
    expect(received.map((item) => item.body.type)).toEqual([
      'deal.created',
      'deal.created',
      'deal.created',
      'deal.updated',
      'deal.updated',
    ])
    expect(
      received.slice(firstSuccess + 1).map((item) => item.body.data.record.currentBidPrice),
    ).toEqual([2, 3])
  })

  it('disables an endpoint after repeated failures, says why, and resumes when turned on again', async () => {
    const endpoint = await createEndpoint(['error.created'])
    receiver.script(...Array.from({ length: 4 }, () => ({ status: 500 })))
    await call('POST', '/api/errors', { message: 'receiver down', source: 'webhook-test' })
    await waitUntil(async () => {
      const { enabled } = await service.payload.findByID({
        collection: 'webhook-endpoints',
        id: endpoint.id,
      })
      return enabled === false
    })
    const disabled = await call('GET', `/api/webhook-endpoints/${endpoint.id}`)
    expect(disabled.body).toMatchObject({ consecutiveFailures: 4, enabled: false })
    expect(disabled.body.disabledReason).toMatch(
      /after 4 failed attempts in a row; the last: HTTP 500/,
    )
    expect((await deliveriesOf(endpoint.id))[0].status).toBe('pending')
    const enabled = await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, { enabled: true })
    expect(enabled.body.doc).toMatchObject({
      consecutiveFailures: 0,
      disabledReason: null,
      enabled: true,
    })
    await waitUntil(async () => (await deliveriesOf(endpoint.id))[0].status === 'succeeded')
  })

  it('keeps an endpoint with deliveries from being deleted (409): disable it instead', async () => {
    const endpoint = await createEndpoint(['error.created'])
    await call('POST', '/api/errors', { message: 'keep me', source: 'webhook-test' })
    await receiver.waitFor(1)
    const refused = await call('DELETE', `/api/webhook-endpoints/${endpoint.id}`)
    expect(refused.status).toBe(409)
    const unused = await createEndpoint(['deal.created'])
    expect((await call('DELETE', `/api/webhook-endpoints/${unused.id}`)).status).toBe(200)
  })

  it('resends a delivery with the same webhook-id', async () => {
    const endpoint = await createEndpoint(['error.created'])
    await call('POST', '/api/errors', { message: 'resend me', source: 'webhook-test' })
    const [first] = await receiver.waitFor(1)
    await waitUntil(async () => (await deliveriesOf(endpoint.id))[0]?.status === 'succeeded')
    const [delivery] = await deliveriesOf(endpoint.id)
    expect(
      (
        await call(
          'POST',
          `/api/webhook-deliveries/${delivery.id}/resend`,
          undefined,
          who.integrator,
        )
      ).status,
    ).toBe(403)
    const resent = await call('POST', `/api/webhook-deliveries/${delivery.id}/resend`)
    expect(resent.status).toBe(200)
    expect(resent.body.doc.status).toBe('pending')
    const [, again] = await receiver.waitFor(2)
    expect(again.id).toBe(first.id)
    expect((await call('POST', '/api/webhook-deliveries/999999/resend')).status).toBe(404)
  })

  it('signs with the old secret too while a rotation\u2019s grace lasts', async () => {
    const endpoint = await createEndpoint(['error.created'])
    const rotated = await call('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`)
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.secret).not.toBe(endpoint.secret)
    // A receiver still on the old secret, and one that has switched, both verify.
    receiver.secrets = [endpoint.secret]
    await call('POST', '/api/errors', { message: 'old secret', source: 'webhook-test' })
    expect((await receiver.waitFor(1))[0].verifiedWith).toBe(0)
    receiver.secrets = [rotated.body.secret]
    await call('POST', '/api/errors', { message: 'new secret', source: 'webhook-test' })
    expect((await receiver.waitFor(2))[1].verifiedWith).toBe(0)
    expect(
      (
        await call(
          'POST',
          `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
          undefined,
          who.staff,
        )
      ).status,
    ).toBe(403)
  })
})

describe('concurrent rotations', () => {
  it('each retires the secret before it: the two latest sign, none is lost', async () => {
    const endpoint = await createEndpoint(['error.created'])
    const rotations = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`),
      ),
    )
    expect(rotations.map((rotation) => rotation.status)).toEqual([200, 200, 200, 200, 200])
    receiver.secrets = rotations.map((rotation) => rotation.body.secret)
    await call('POST', '/api/errors', { message: 'after rotations', source: 'webhook-test' })
    const [delivery] = await receiver.waitFor(1)
    const signatures = delivery.headers['webhook-signature'].split(' ')
    expect(signatures).toHaveLength(2)
    // Which of the five verify: exactly two (the current secret and the one it replaced).
    const verifying = receiver.secrets.filter((secret) => {
      try {
        new Webhook(secret).verify(JSON.stringify(delivery.body), delivery.headers)
        return true
      } catch {
        return false
      }
    })
    expect(verifying).toHaveLength(2)
  })
})

describe('SSRF protection', () => {
  it('refuses loopback at delivery time unless WEBHOOK_ALLOW_LOOPBACK, after resolving the name', async () => {
    const endpoint = await createEndpoint(
      ['error.created'],
      receiver.url.replace('127.0.0.1', 'localhost'),
    )
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'false'
    try {
      await call('POST', '/api/errors', { message: 'to loopback', source: 'webhook-test' })
      await waitUntil(async () => Boolean((await deliveriesOf(endpoint.id))[0]?.lastError))
      const [delivery] = await deliveriesOf(endpoint.id)
      expect(delivery.lastError).toMatch(
        /^refused: localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/,
      )
      expect(delivery.status).toBe('pending')
      expect(receiver.received).toHaveLength(0)
    } finally {
      process.env.WEBHOOK_ALLOW_LOOPBACK = 'true'
    }
  })

  // The edges of each refused range, and the first addresses past them.
  it.each([
    '0.0.0.0',
    '0.255.255.255',
    '10.0.0.0',
    '10.255.255.255',
    '100.64.0.0',
    '100.127.255.255',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.0',
    '172.31.255.255',
    '192.0.0.9',
    '192.0.2.255',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.168.0.10',
    '192.175.48.1',
    '198.18.0.0',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.255',
    '224.0.0.1',
    '239.255.255.255',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:10.0.0.1',
    '64:ff9b::808:808',
    '100::1',
    '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001::1',
    '2001:1ff:ffff::1',
    '2001:db8::1',
    '2002:808:808::1',
    '2620:4f:8000::1',
    '3fff::1',
    '3fff:fff:ffff::1',
    '4000::1',
    '5f00::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fec0::1',
    'feff:ffff::1',
    'ff02::1',
  ])('refuses %s', (address) => {
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'false'
    try {
      expect(addressRefusal(address)).toEqual(
        expect.stringMatching(/^\S+ is (a|not a global unicast) /),
      )
    } finally {
      process.env.WEBHOOK_ALLOW_LOOPBACK = 'true'
    }
  })

  it.each([
    '1.0.0.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.0',
    '192.88.98.255',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2000::1',
    '2001:200::1',
    '2001:db9::1',
    '2003::1',
    '2606:4700:4700::1111',
    '2620:4f:7fff::1',
    '2620:4f:8001::1',
    '3ffe:ffff::1',
    '3fff:1000::1',
  ])('lets %s through', (address) => {
    expect(addressRefusal(address)).toBeNull()
  })
})

const waitUntil = async (check: () => Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
