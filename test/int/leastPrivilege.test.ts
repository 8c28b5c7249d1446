/**
 * Roles a dealership would hand out: a `lead-source` key submits leads (ADF and JSON) and reads
 * nothing, not even the lead it made; a `compliance` officer reads the compliance records and
 * the breach report and changes nothing, nor reads credit data. Through real HTTP.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { sampleAdf } from '../helpers/adf'
import { sendJson } from '../helpers/http'
import { apiClient, type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

let leadSource: Principal
let compliance: Principal

beforeAll(async () => {
  leadSource = await apiClient(context.service.payload, 'lead-source')
  compliance = await staffUser(context.service.payload, 'compliance')
})

const as = (who: Principal, method: string, path: string, body?: unknown) =>
  sendJson(context.service, method, path, { body, headers: who.headers })

describe('a lead-source key', () => {
  it('posts an ADF document; the leads it makes are routed as anyone’s', async () => {
    const response = await context.service.api('/api/leads/adf', {
      body: sampleAdf([{ email: 'src.one@example.com', lastName: 'Sourced' }]),
      headers: { 'Content-Type': 'application/xml', ...leadSource.headers },
      method: 'POST',
    })
    const answer = await response.json()
    if (response.status !== 201) throw new Error(JSON.stringify(answer))
    const { data } = answer
    // Told its receipt alone: the event its prospect was recorded as, which leads staff to the lead.
    expect(data.leads).toEqual([{ receipt: expect.any(Number) }])
    const event = await context.service.payload.findByID({
      collection: 'leadEvents',
      depth: 0,
      id: data.leads[0].receipt,
    })
    const lead = await context.service.payload.findByID({
      collection: 'lead',
      depth: 0,
      id: event.lead as number,
    })
    expect(lead).toMatchObject({ email: 'src.one@example.com', location: 'loc_demo_sunset_la' })
  })

  it('cannot learn from the answer whether a person is a lead already', async () => {
    const post = async (xml: string) => {
      const response = await context.service.api('/api/leads/adf', {
        body: xml,
        headers: { 'Content-Type': 'application/xml', ...leadSource.headers },
        method: 'POST',
      })
      return { body: await response.json(), status: response.status }
    }
    const known = { email: 'known.person@example.com', lastName: 'Known' }
    await context.service.payload.create({
      collection: 'lead',
      data: { ...known, firstName: 'Kim', location: 'loc_demo_sunset_la' },
    })
    const merged = await post(sampleAdf([known]))
    const made = await post(sampleAdf([{ email: 'new.person@example.com', lastName: 'Newly' }]))
    // A repeat (merged into the kept lead) and a new person are answered alike.
    for (const answer of [merged, made]) {
      expect(answer.status).toBe(201)
      expect(answer.body).toEqual({
        data: { leads: [{ receipt: expect.any(Number) }] },
        success: true,
      })
    }
    const event = await context.service.payload.findByID({
      collection: 'leadEvents',
      depth: 0,
      id: merged.body.data.leads[0].receipt,
    })
    expect(event.submission?.source).toBe('adf-http')
    // An SSN removed is reported by prospect and receipt, never by lead.
    const withSsn = await post(
      sampleAdf([known]).replace(
        '<comments>Evenings are best.</comments>',
        '<comments>My SSN is 123-45-6789</comments>',
      ),
    )
    expect(withSsn.status).toBe(201)
    for (const item of withSsn.body.data.warnings) expect(item).not.toHaveProperty('lead')
    expect(withSsn.body.data.warnings).toContainEqual(
      expect.objectContaining({ field: 'adf.comments', prospect: 1, receipt: expect.any(Number) }),
    )
  })

  it('posts a JSON lead and is answered with its id alone; it names no record', async () => {
    // Relations are checked with the key's access, and it reads nothing: 400 for any id.
    for (const named of [{ consumer: 'con_demo_maria' }, { location: 'loc_demo_sunset_la' }]) {
      const refused = await as(leadSource, 'POST', '/api/lead', { firstName: 'Sol', ...named })
      expect({ named, status: refused.status }).toEqual({ named, status: 400 })
    }
    const created = await as(leadSource, 'POST', '/api/lead', {
      email: 'src.two@example.com',
      firstName: 'Sol',
      lastName: 'Sourced',
    })
    if (created.status !== 201) throw new Error(JSON.stringify(created.body))
    expect(Object.keys(created.body.doc)).toEqual(['id'])
  })

  it('reads nothing: leads, consumers, its own lead, webhooks, the trash', async () => {
    const [lead] = (
      await context.service.payload.find({
        collection: 'lead',
        where: { email: { equals: 'src.two@example.com' } },
      })
    ).docs
    for (const path of [
      '/api/lead',
      `/api/lead/${lead.id}`,
      '/api/consumer',
      '/api/credit-app',
      '/api/leadEvents',
      '/api/webhook-endpoints',
      '/api/errors',
      '/api/lead?trash=true',
      '/api/compliance/breach-report',
    ])
      expect({ path, status: (await as(leadSource, 'GET', path)).status }).toEqual({
        path,
        status: 403,
      })
    expect((await as(leadSource, 'PATCH', `/api/lead/${lead.id}`, { source: 'x' })).status).toBe(
      403,
    )
    expect((await as(leadSource, 'DELETE', `/api/lead/${lead.id}`)).status).toBe(403)
  })
})

describe('a compliance officer', () => {
  it('reads the breach report and the compliance records', async () => {
    for (const path of [
      '/api/compliance/breach-report',
      '/api/consents',
      '/api/consumer-requests',
      '/api/legal-holds',
      '/api/adverse-action-notice',
      '/api/do-not-contact',
      '/api/sanctions-match',
    ]) {
      const answer = await as(compliance, 'GET', path)
      if (answer.status === 500) throw new Error(JSON.stringify(answer.body))
      expect({ path, status: (await as(compliance, 'GET', path)).status }).toEqual({
        path,
        status: 200,
      })
    }
  })

  it('changes nothing, and reads no credit data or records of the trade', async () => {
    for (const path of [
      '/api/consumer',
      '/api/credit-app',
      '/api/lead',
      '/api/deal',
      '/api/webhook-endpoints',
      '/api/audit-log',
      '/api/deal/versions',
    ])
      expect({ path, status: (await as(compliance, 'GET', path)).status }).toEqual({
        path,
        status: 403,
      })
    const hold = await as(compliance, 'POST', '/api/legal-holds', {
      consumer: 'con_demo_maria',
      reason: 'Litigation hold for case 42',
    })
    expect(hold.status).toBe(403)
    expect((await as(compliance, 'GET', '/api/retention/dry-run')).status).toBe(403)
    expect((await as(compliance, 'POST', '/api/sanctions-list/load', {})).status).toBe(403)
  })
})
