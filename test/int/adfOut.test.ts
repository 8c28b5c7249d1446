/**
 * ADF out: webhook endpoints of the `adf` format get leads as signed ADF XML, and `mailto:`
 * endpoints as ADF e-mails through SMTP; ADF in → lead → ADF out → read again keeps the values.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'

import { readAdf } from '@/adf/prospect'
import { parseXml } from '@/adf/xml'
import { seedDemoData } from '@/seed'

import { sampleAdf } from '../helpers/adf'
import { sendJson } from '../helpers/http'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'
import { type SmtpCapture, startSmtpCapture } from '../helpers/smtpServer'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'

let service: TestService
let who: Record<PrincipalName, Principal>
let receiver: WebhookReceiver
let smtp: SmtpCapture

// Duplicate matching off: the round trip sends one person's document in again on purpose.
const SETTINGS = { LEAD_DUPLICATE_RULES: 'none', WEBHOOK_ALLOW_LOOPBACK: 'true' }

beforeAll(async () => {
  Object.assign(process.env, SETTINGS)
  smtp = await startSmtpCapture()
  process.env.SMTP_URL = smtp.url
  service = await startTestService({ jobsPollMs: 25 })
  who = await createPrincipals(service.payload)
  await seedDemoData(service.payload)
  receiver = await startWebhookReceiver()
})

afterAll(async () => {
  await service?.close()
  await receiver?.close()
  await smtp?.close()
  for (const name of [...Object.keys(SETTINGS), 'SMTP_URL']) delete process.env[name]
})

beforeEach(async () => {
  await service.payload.update({
    collection: 'webhook-endpoints',
    data: { enabled: false },
    // Every endpoint: a bulk write names what it touches (hooks/reduceFilters.ts).
    where: { id: { exists: true } },
  })
  receiver.received.length = 0
  // No secret until a test names its endpoint's: a late delivery of an earlier test's endpoint,
  // arriving before then, must not count as verified.
  receiver.secrets = []
})

const call = (method: string, path: string, body?: unknown, caller = who.clientAdmin) =>
  sendJson(service, method, path, { body, headers: caller.headers })

const sendAdf = async (xml: string) => {
  const response = await service.api('/api/leads/adf', {
    body: xml,
    headers: { 'Content-Type': 'application/xml', ...who.staff.headers },
    method: 'POST',
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { data: { leads: { id: number }[] } }).data.leads
}

/** A delivery signed with the current endpoint's secret. */
const ownEndpoint = (item: { verifiedWith: number }) => item.verifiedWith === 0

const LIMITS = { maxBytes: 1024 * 1024, maxDepth: 16 }

/** What a prospect says, without where in its document it said it. */
const facts = (xml: string) =>
  readAdf(parseXml(xml, LIMITS)).map(
    ({ index: _index, place: _place, vehicles, vendor, ...rest }) => ({
      ...rest,
      vehicles: vehicles.map(({ place: _p, ...vehicle }) => vehicle),
      vendorName: vendor.name,
    }),
  )

describe('webhook endpoints of the adf format', () => {
  it('take only lead events, and mailto: only with adf', async () => {
    const wrongEvents = await call('POST', '/api/webhook-endpoints', {
      events: ['lead.created', 'deal.created'],
      format: 'adf',
      url: receiver.url,
    })
    expect(wrongEvents.status).toBe(400)
    expect(wrongEvents.body.errors[0].data.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/remove deal\.created/),
        path: 'format',
      }),
    ])
    const jsonMail = await call('POST', '/api/webhook-endpoints', {
      events: ['lead.created'],
      url: 'mailto:leads@crm.example',
    })
    expect(jsonMail.status).toBe(400)
    expect(jsonMail.body.errors[0].data.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/only with the adf format/),
        path: 'url',
      }),
    ])
    const badAddress = await call('POST', '/api/webhook-endpoints', {
      events: ['lead.created'],
      format: 'adf',
      url: 'mailto:not an address',
    })
    expect(badAddress.status).toBe(400)
  })

  it('send a new lead as signed ADF XML that reads back to the same values', async () => {
    const endpoint = await call('POST', '/api/webhook-endpoints', {
      events: ['lead.created'],
      format: 'adf',
      url: receiver.url,
    })
    expect(endpoint.status).toBe(201)
    expect(endpoint.body.doc.format).toBe('adf')
    receiver.secrets = [endpoint.body.doc.secret]
    const xml = sampleAdf([{ extra: '<unknownthing>kept in the original only</unknownthing>' }])
    const [{ id }] = await sendAdf(xml)
    // Only this endpoint's: a delivery the previous test queued may still be on its way.
    const [delivery] = await receiver.waitFor(1, ownEndpoint)
    expect(delivery.verifiedWith).toBe(0)
    expect(delivery.headers['content-type']).toBe('application/xml')
    expect(delivery.raw).not.toContain('unknownthing')
    const out = facts(delivery.raw)
    expect(out).toEqual(facts(xml))
    // The lead itself, by its id in the service.
    const lead = await service.payload.findByID({ collection: 'lead', depth: 0, id })
    expect(delivery.raw).toContain(`<id source="commerce-service">${lead.location}</id>`)
    // ...and the document taken in again makes the same lead.
    const [{ id: again }] = await sendAdf(delivery.raw)
    const copy = await service.payload.findByID({ collection: 'lead', depth: 0, id: again })
    // Apart from the lead's own id, times and turn on the rota, only the vendor's id differs: the
    // service names the dealership by its location's id.
    const strip = ({
      adf,
      assignee: _a,
      createdAt: _c,
      id: _i,
      title: _t,
      updatedAt: _u,
      ...rest
    }: any) => ({
      ...rest,
      adf: {
        ...adf,
        document: undefined,
        vendorId: undefined,
        phones: adf.phones.map(({ id: _id, ...phone }: any) => phone),
        vehicles: adf.vehicles.map(({ id: _id, ...vehicle }: any) => vehicle),
      },
    })
    expect(strip(copy)).toEqual(strip(lead))
    expect(copy.adf?.vendorId).toBe(lead.location)
  })

  it('keep JSON endpoints on JSON, without the original document', async () => {
    const endpoint = await call('POST', '/api/webhook-endpoints', {
      events: ['lead.created'],
      url: receiver.url,
    })
    receiver.secrets = [endpoint.body.doc.secret]
    await sendAdf(sampleAdf([{ lastName: 'Jsonhook' }]))
    // Only this endpoint's: a delivery the previous test queued may still be on its way.
    const [delivery] = await receiver.waitFor(1, ownEndpoint)
    expect(delivery.verifiedWith).toBe(0)
    expect(delivery.body.type).toBe('lead.created')
    expect(delivery.body.data.record).toMatchObject({ lastName: 'Jsonhook' })
    expect(delivery.body.data.record.adf.vendorName).toBe('Sunset Motors')
    expect(delivery.body.data.record.adf).not.toHaveProperty('document')
  })

  it('mail each new lead as an ADF e-mail to a mailto: address', async () => {
    const endpoint = await call('POST', '/api/webhook-endpoints', {
      events: ['lead.created'],
      format: 'adf',
      url: 'mailto:leads@crm.example',
    })
    expect(endpoint.status).toBe(201)
    const xml = sampleAdf([{ firstName: 'Mia', lastName: 'Mailed' }])
    const [{ id }] = await sendAdf(xml)
    const mail = await smtp.waitFor('leads@crm.example')
    const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/)
    expect(head).toMatch(/^Subject: New lead: Mia Mailed \(lead \d+\)$/m)
    expect(head).toMatch(/^Content-Type: text\/plain/m)
    const body = rest
      .join('\n\n')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/\r\n/g, '\n')
    expect(facts(body)).toEqual(facts(xml))
    expect(head).toContain(String(id))
    const logged = async () =>
      (
        await service.payload.find({
          collection: 'webhook-deliveries',
          where: { endpoint: { equals: endpoint.body.doc.id } },
        })
      ).docs[0]
    // The mail is taken before the delivery's row is updated: wait for the update.
    for (let tries = 0; (await logged())?.status === 'pending' && tries < 200; tries++)
      await new Promise((resolve) => setTimeout(resolve, 25))
    expect(await logged()).toMatchObject({ attempts: 1, status: 'succeeded' })
  })
})
