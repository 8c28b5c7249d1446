/**
 * SSNs in free text (docs/credit-data.md; src/creditData/ssnFields.ts), over HTTP: an ADF
 * lead whose comments hold an SSN is kept with it removed, the answer says where, and nobody
 * downstream — a dealer of the lead's company, the lead-agent key, JSON and ADF webhooks — gets
 * its digits; a person typing one into a lead event or a lead is refused, 400 naming the field,
 * nothing stored and the value not echoed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'

import { SSN_REDACTED_WARNING } from '@/creditData/ssnFields'
import { holdsSsn } from '@/creditData/ssnInText'
import { seedDemoData } from '@/seed'

import { sampleAdf } from '../helpers/adf'
import { invalidPaths, sendJson } from '../helpers/http'
import {
  createPrincipals,
  type Principal,
  type PrincipalName,
  staffUser,
} from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'

let service: TestService
let who: Record<PrincipalName, Principal>
let dealer: Principal
let receiver: WebhookReceiver

const SETTINGS = { LEAD_DUPLICATE_RULES: 'none', WEBHOOK_ALLOW_LOOPBACK: 'true' }

beforeAll(async () => {
  Object.assign(process.env, SETTINGS)
  service = await startTestService({ jobsPollMs: 25 })
  who = await createPrincipals(service.payload)
  await seedDemoData(service.payload)
  // A dealer of the company the ADF's vendor names (Sunset Motors).
  dealer = await staffUser(service.payload, 'dealer', 'com_demo_sunset')
  receiver = await startWebhookReceiver()
}, 180_000)

afterAll(async () => {
  await service?.close()
  await receiver?.close()
  for (const name of Object.keys(SETTINGS)) delete process.env[name]
})

const call = (method: string, path: string, body?: unknown, caller = who.staff) =>
  sendJson(service, method, path, { body, headers: caller.headers })

/** The SSNs the tests send, as they would be found again in any answer, row or delivery. */
const LEAKS = [
  /123\D{0,3}45\D{0,3}6789/,
  /987\D{0,3}65\D{0,3}4322/,
  /nine eight seven/i,
  /123456789/,
  /987654322/,
]
const leaked = (text: string) => LEAKS.filter((pattern) => pattern.test(text)).map(String)

describe('an ADF lead with an SSN in its comments', () => {
  let lead: number
  let receipt: number
  let answer: { body: any; status: number }

  beforeAll(async () => {
    const endpoints = []
    for (const format of ['json', 'adf'])
      endpoints.push(
        (
          await call(
            'POST',
            '/api/webhook-endpoints',
            {
              events: ['lead.created'],
              format,
              url: receiver.url,
            },
            who.clientAdmin,
          )
        ).body.doc,
      )
    receiver.secrets = endpoints.map((endpoint) => endpoint.secret)
    const xml = sampleAdf([
      {
        extra: '<loyalty>member 987/65/4322</loyalty>',
        lastName: 'Leaky',
      },
    ])
      .replace(
        '<comments>Evenings are best.</comments>',
        '<comments>My SSN is 123-45-6789</comments>',
      )
      .replace(
        '<comments>Is it still available?</comments>',
        '<comments>nine eight seven six five four three two two, is it available?</comments>',
      )
    const response = await service.api('/api/leads/adf', {
      body: xml,
      headers: { 'Content-Type': 'application/xml', ...who.clientAdmin.headers },
      method: 'POST',
    })
    answer = { body: await response.json(), status: response.status }
    lead = answer.body.data?.leads?.[0]?.id
    receipt = answer.body.data?.leads?.[0]?.receipt
  })

  it('is made, the answer naming each field the number was removed from', () => {
    expect(answer).toEqual({
      body: {
        data: {
          leads: [{ id: expect.any(Number), receipt: expect.any(Number) }],
          warnings: [
            { field: 'adf.document', message: SSN_REDACTED_WARNING },
            { field: 'adf.comments', lead, message: SSN_REDACTED_WARNING, prospect: 1, receipt },
            {
              field: 'adf.vehicles.0.comments',
              lead,
              message: SSN_REDACTED_WARNING,
              prospect: 1,
              receipt,
            },
          ],
        },
        success: true,
      },
      status: 201,
    })
  })

  it('is stored without the digits, the original document included', async () => {
    const stored = await service.payload.findByID({ collection: 'lead', depth: 0, id: lead })
    expect(stored.adf?.comments).toBe('My SSN is [SSN removed]')
    expect(stored.adf?.vehicles?.[0]?.comments).toBe('[SSN removed], is it available?')
    expect(stored.adf?.document).toContain('<loyalty>member [SSN removed]</loyalty>')
    expect(stored.adf?.document).toContain('<comments>My SSN is [SSN removed]</comments>')
    const { rows } = await service.payload.db.drizzle.execute(
      sql`SELECT row_to_json(l)::text AS row FROM lead l WHERE l.id = ${lead}`,
    )
    expect(leaked(String(rows[0]?.row))).toEqual([])
  })

  it('reaches a dealer of the company and the lead-agent key without the digits', async () => {
    for (const [name, caller] of [
      ['dealer', dealer],
      ['leadAgent', who.leadAgent],
      ['staff', who.staff],
    ] as const) {
      const response = await service.api(`/api/lead/${lead}?depth=0`, { headers: caller.headers })
      const text = await response.text()
      expect({ name, status: response.status }).toEqual({ name, status: 200 })
      expect(JSON.parse(text).adf.comments).toBe('My SSN is [SSN removed]')
      expect({ leaked: leaked(text), name }).toEqual({ leaked: [], name })
      const list = await service.api(`/api/lead?where[id][equals]=${lead}&depth=1`, {
        headers: caller.headers,
      })
      expect({ leaked: leaked(await list.text()), name }).toEqual({ leaked: [], name })
    }
  })

  it('reaches JSON and ADF webhooks without the digits', async () => {
    const ours = (item: { body: any; raw: string; verifiedWith: number }) =>
      item.verifiedWith >= 0 && item.raw.includes('Leaky')
    const deliveries = await receiver.waitFor(2, ours)
    const json = deliveries.find((item) => typeof item.body === 'object')!
    const adf = deliveries.find((item) => typeof item.body === 'string')!
    expect(json.body.data.record.adf.comments).toBe('My SSN is [SSN removed]')
    expect(adf.raw).toContain('<comments>My SSN is [SSN removed]</comments>')
    for (const delivery of deliveries) expect(leaked(delivery.raw)).toEqual([])
  })
})

describe('an ADF document whose markup splits an SSN', () => {
  /** The text of a stored document as a reader sees it: markup dropped, references decoded. */
  const readAs = (document: string) =>
    document
      .replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[|\]\]>/g, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')

  it.each([
    'cust 123-45-<!-- c -->6789',
    '123-45-<![CDATA[6789]]>',
    '123&amp;45&amp;6789',
    '123&lt;45&lt;6789',
    '12<!--x-->3-45-6789',
    '123-45<?x y?>-6789',
  ])(
    '%s: the stored document holds none of its digits, and the answer says so',
    async (comments) => {
      const lastName = `Split${comments.length}${comments.charCodeAt(7)}`
      const xml = sampleAdf([{ lastName }]).replace(
        '<comments>Evenings are best.</comments>',
        `<comments>${comments}</comments>`,
      )
      const response = await service.api('/api/leads/adf', {
        body: xml,
        headers: { 'Content-Type': 'application/xml', ...who.clientAdmin.headers },
        method: 'POST',
      })
      const body = (await response.json()) as any
      expect(response.status).toBe(201)
      const id = body.data.leads[0].id
      expect(body.data.warnings).toEqual([
        { field: 'adf.document', message: SSN_REDACTED_WARNING },
        {
          field: 'adf.comments',
          lead: id,
          message: SSN_REDACTED_WARNING,
          prospect: 1,
          receipt: body.data.leads[0].receipt,
        },
      ])
      // What house staff read back: the document, its markup kept, without the number.
      const read = await service.api(`/api/lead/${id}?depth=0`, { headers: who.staff.headers })
      expect(read.status).toBe(200)
      const document: string = ((await read.json()) as any).adf.document
      expect(document).toContain('[SSN removed]')
      expect(document).toContain(`<name part="last" type="individual">${lastName}</name>`)
      expect(document).not.toMatch(/6789/)
      expect(holdsSsn(document)).toBe(false)
      expect(holdsSsn(readAs(document))).toBe(false)
    },
  )
})

describe('a person typing an SSN', () => {
  let lead: number
  beforeAll(async () => {
    lead = (await call('POST', '/api/lead', { firstName: 'Tess', lastName: 'Typist' })).body.doc.id
  })
  const events = async () =>
    (await service.payload.count({ collection: 'leadEvents', where: { lead: { equals: lead } } }))
      .totalDocs

  it('into a lead event is refused, 400 naming nextSteps, nothing stored', async () => {
    const before = await events()
    const event = { lead, status: 'Searching', type: 'Status Check' }
    for (const nextSteps of [
      'Call back, SSN 987/65/4322',
      'ssn is nine eight seven six five four three two two',
      'SSN １２３－４５－６７８９',
    ]) {
      const created = await call('POST', '/api/leadEvents', { ...event, nextSteps })
      expect(created.status).toBe(400)
      expect(invalidPaths(created.body)).toEqual(['nextSteps'])
      expect(leaked(JSON.stringify(created.body))).toEqual([])
      const logged = await call('POST', `/api/lead/${lead}/activity`, { ...event, nextSteps })
      expect(logged.status).toBe(400)
      expect(invalidPaths(logged.body)).toEqual(['nextSteps'])
    }
    expect(await events()).toBe(before)
    // Changing an event to hold one is refused too.
    const made = await call('POST', '/api/leadEvents', { ...event, nextSteps: 'Send photos' })
    expect(made.status).toBe(201)
    const changed = await call('PATCH', `/api/leadEvents/${made.body.doc.id}`, {
      nextSteps: 'SSN 123 45 6789',
    })
    expect(changed.status).toBe(400)
    expect(invalidPaths(changed.body)).toEqual(['nextSteps'])
  })

  it('a phone number, a ZIP+4, a date and a price are not SSNs', async () => {
    const nextSteps =
      'Call (213) 555-0147 on 01/15/2024 at 10:30; ZIP 90026-1234; quote $24,995 for 1HGCV1F34LA012345'
    const created = await call('POST', '/api/leadEvents', {
      lead,
      nextSteps,
      status: 'Searching',
      type: 'Status Check',
    })
    expect(created.status).toBe(201)
    expect(created.body.doc.nextSteps).toBe(nextSteps)
  })

  it("into a lead's name or source is refused, 400 naming the field", async () => {
    for (const [field, value] of [
      ['firstName', '123-45-6789'],
      ['lastName', 'Typist 987_65_4322'],
      ['source', 'walk-in, ssn 123.45.6789'],
    ]) {
      const created = await call('POST', '/api/lead', { firstName: 'Tess', [field]: value })
      expect({ field, status: created.status }).toEqual({ field, status: 400 })
      expect(invalidPaths(created.body)).toEqual([field])
    }
  })
})
