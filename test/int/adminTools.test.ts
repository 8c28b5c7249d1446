/**
 * Two admin tools over real HTTP: a webhook endpoint's "Send test" (a signed `webhook.test` event
 * sent now through the delivery code, answered with what the receiver did, and left out of the
 * delivery log and the failure count), and the audit log naming who acted (`actorName`).
 */
import crypto from 'node:crypto'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'

import { documentAjv, toJsonSchema } from '../helpers/contract'
import { sendJson } from '../helpers/http'
import type { PrincipalName } from '../helpers/principals'
import { useTestService } from '../helpers/service'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'

// Read when the first delivery is checked: the receiver listens on 127.0.0.1.
process.env.WEBHOOK_ALLOW_LOOPBACK = 'true'

const context = useTestService({ principals: true, seed: true })
const call = (method: string, path: string, caller: PrincipalName, body?: unknown) =>
  sendJson(context.service, method, path, { body, headers: context.who[caller].headers })

let receiver: WebhookReceiver
let endpoint: { id: number; secret: string }

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  const created = await call('POST', '/api/webhook-endpoints', 'clientAdmin', {
    events: ['error.created'],
    url: receiver.url,
  })
  endpoint = created.body.doc
  receiver.secrets = [endpoint.secret]
})

afterAll(async () => {
  await receiver?.close()
  delete process.env.WEBHOOK_ALLOW_LOOPBACK
})

describe('POST /api/webhook-endpoints/{id}/send-test', () => {
  const sendTest = (caller: PrincipalName, id: number | string = endpoint.id) =>
    call('POST', `/api/webhook-endpoints/${id}/send-test`, caller)

  beforeEach(() => {
    receiver.received.length = 0
    receiver.script()
  })

  it.each(['clientAdmin', 'staffAdmin'] as PrincipalName[])(
    '%s: a signed webhook.test event reaches the receiver, and the answer says what it did',
    async (caller) => {
      const response = await sendTest(caller)
      expect(response.status).toBe(200)
      expect(response.body).toEqual({
        delivered: true,
        error: null,
        id: endpoint.id,
        latencyMs: expect.any(Number),
        messageId: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
        statusCode: 204,
      })
      expect(receiver.received).toHaveLength(1)
      const [received] = receiver.received
      expect(received.verifiedWith).toBe(0)
      expect(received.id).toBe(response.body.messageId)
      expect(received.body).toEqual({
        data: { collection: 'webhook-endpoints', id: endpoint.id },
        timestamp: expect.any(String),
        type: 'webhook.test',
      })
      // The event is documented as every other one is.
      const document = await (await context.service.api('/api/openapi.json')).json()
      const validate = documentAjv(document).compile(
        toJsonSchema(document.components.schemas.WebhookTest) as object,
      )
      expect(validate(received.body)).toBe(true)
      expect(document['x-webhooks']['webhook.test'].post.requestBody).toBeDefined()
    },
  )

  it("reports the receiver's refusal, and it is neither logged, retried nor counted", async () => {
    receiver.script({ status: 503 })
    const response = await sendTest('clientAdmin')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ delivered: false, error: null, statusCode: 503 })
    const stored = await context.service.payload.findByID({
      collection: 'webhook-endpoints',
      id: endpoint.id,
    })
    expect(stored).toMatchObject({ consecutiveFailures: 0, enabled: true })
    const deliveries = await context.service.payload.count({
      collection: 'webhook-deliveries',
      where: { endpoint: { equals: endpoint.id } },
    })
    expect(deliveries.totalDocs).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(receiver.received).toHaveLength(1)
  })

  it('tests a disabled endpoint too, and names an unreachable receiver', async () => {
    const closed = await startWebhookReceiver()
    const url = closed.url
    await closed.close()
    const created = await call('POST', '/api/webhook-endpoints', 'clientAdmin', {
      enabled: false,
      events: ['error.created'],
      url,
    })
    const response = await sendTest('clientAdmin', created.body.doc.id)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      delivered: false,
      error: expect.stringContaining('ECONNREFUSED'),
      statusCode: null,
    })
  })

  it('refuses a URL that resolves to a private address, as deliveries do', async () => {
    delete process.env.WEBHOOK_ALLOW_LOOPBACK
    try {
      const response = await sendTest('clientAdmin')
      expect(response.body).toMatchObject({ delivered: false, statusCode: null })
      expect(response.body.error).toMatch(/loopback/i)
      expect(receiver.received).toHaveLength(0)
    } finally {
      process.env.WEBHOOK_ALLOW_LOOPBACK = 'true'
    }
  })

  it.each([
    ['anonymous', 401],
    ['staff', 403],
    ['integrator', 403],
    ['leadAgent', 403],
    ['disabledClient', 401],
  ] as [PrincipalName, number][])('%s: %i, nothing sent', async (caller, status) => {
    expect((await sendTest(caller)).status).toBe(status)
    expect(receiver.received).toHaveLength(0)
  })

  it('404 for an endpoint that does not exist', async () => {
    const response = await sendTest('clientAdmin', 999_999)
    expect(response.status).toBe(404)
    expect(receiver.received).toHaveLength(0)
  })
})

describe('the audit log names who acted', () => {
  let consumerId: string

  beforeAll(async () => {
    const { payload } = context.service
    await payload.update({
      collection: 'users',
      data: { name: 'Avery Admin' },
      id: context.who.staffAdmin.id!,
    })
    const created = await call('POST', '/api/consumers?depth=0', 'integrator', {
      birthDate: '1985-03-14',
      firstName: 'Ada',
      lastName: 'Byron',
      phoneNumber: '(646) 555-0100',
      ssn: '123-45-6789',
    })
    consumerId = created.body.data.id
    await call('PATCH', `/api/consumer/${consumerId}`, 'staffAdmin', { firstName: 'Augusta' })
  })

  const entries = async () =>
    (
      await call(
        'GET',
        `/api/audit-log?where[recordId][equals]=${consumerId}&sort=createdAt&limit=100`,
        'staffAdmin',
      )
    ).body.docs as { action: string; actor: string; actorName: string }[]

  it('a staff user by name and e-mail, an API client by name; actor is kept as stored', async () => {
    const log = await entries()
    const integrator = await context.service.payload.findByID({
      collection: 'api-clients',
      id: context.who.integrator.id!,
    })
    const admin = await context.service.payload.findByID({
      collection: 'users',
      id: context.who.staffAdmin.id!,
    })
    expect(log.map(({ action, actor, actorName }) => ({ action, actor, actorName }))).toEqual([
      {
        action: 'create',
        actor: `api-clients:${integrator.id}`,
        actorName: `${integrator.name} (API client)`,
      },
      {
        action: 'update',
        actor: `users:${admin.id}`,
        actorName: `Avery Admin <${admin.email}>`,
      },
    ])
  })

  /** A staff admin without a name, who changes the consumer once. */
  const unnamedAdminEdits = async (lastName: string) => {
    const { payload } = context.service
    const email = `admin-${crypto.randomBytes(4).toString('hex')}@example.com`
    const password = crypto.randomBytes(12).toString('hex')
    const user = await payload.create({
      collection: 'users',
      data: { email, password, role: 'admin' },
    })
    const { token } = await payload.login({ collection: 'users', data: { email, password } })
    await sendJson(context.service, 'PATCH', `/api/consumer/${consumerId}`, {
      body: { lastName },
      headers: { Authorization: `JWT ${token}` },
    })
    return { email, id: user.id }
  }

  it('a user without a name by e-mail; a deleted account and the service as they are stored', async () => {
    const { payload } = context.service
    const unnamed = await unnamedAdminEdits('King')
    const gone = await unnamedAdminEdits('Lovelace')
    await payload.delete({ collection: 'users', id: gone.id })
    // A Local API write has no caller: the service's own.
    await payload.update({ collection: 'consumer', data: { firstName: 'Ada' }, id: consumerId })
    const names = (await entries()).slice(2).map(({ actor, actorName }) => [actor, actorName])
    expect(names).toEqual([
      [`users:${unnamed.id}`, unnamed.email],
      [`users:${gone.id}`, `users:${gone.id} (deleted)`],
      ['system', 'system'],
    ])
  })

  it('is read by staff admins only, as the rest of the log', async () => {
    expect((await call('GET', '/api/audit-log', 'staff')).status).toBe(403)
  })
})
