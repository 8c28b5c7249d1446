/**
 * GET /api/search: one search across consumers, leads, credit apps, contacts, companies, deals
 * and vehicles, as the caller may read them; never matched on an SSN or birth date. Phone numbers
 * in any format, in the lists' search boxes too.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { CollectionSlug } from 'payload'
import { mergeListSearchAndWhere } from 'payload/shared'
import { stringify } from 'qs-esm'

import { addDealership } from '../helpers/dealership'
import { sendJson } from '../helpers/http'
import { type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const search = (q: string, who: keyof typeof context.who = 'staff') =>
  sendJson(context.service, 'GET', `/api/search?q=${encodeURIComponent(q)}`, {
    headers: context.who[who].headers,
  })

const titlesOf = (body: any, label: string): string[] =>
  (body.groups.find((group: any) => group.label === label)?.hits ?? []).map((hit: any) => hit.title)

describe('search', () => {
  it('finds a person by name across consumers, leads and deals, linking to each record', async () => {
    const answer = await search('González')
    expect(answer.status).toBe(200)
    expect(titlesOf(answer.body, 'Consumers')).toContain('María González')
    const consumer = answer.body.groups
      .find((group: any) => group.label === 'Consumers')
      .hits.find((hit: any) => hit.title === 'María González')
    expect(consumer.href).toBe('/admin/collections/consumer/con_demo_maria')
  })

  it('finds a vehicle by make and a company by name', async () => {
    expect(titlesOf((await search('toyota')).body, 'Vehicles').length).toBeGreaterThan(0)
    expect(titlesOf((await search('sunset')).body, 'Companies')).toContain('Sunset Motors')
  })

  it('never matches on an SSN or a birth date', async () => {
    const consumer = await context.service.payload.create({
      collection: 'consumer',
      data: {
        birthDate: '1961-07-08',
        firstName: 'Grace',
        lastName: 'Searchable',
        phoneNumber: '2135550199',
        ssn: '123-45-6788',
      },
    })
    expect(titlesOf((await search('Searchable')).body, 'Consumers')).toContain('Grace Searchable')
    for (const q of ['6788', '123-45-6788', '1961-07-08', '1961']) {
      const answer = await search(q)
      expect(answer.body.groups.every((group: any) => group.total === 0)).toBe(true)
    }
    expect(consumer.id).toBeDefined()
  })

  it('takes the query as text: % and _ match only themselves, in the search and in list filters', async () => {
    for (const q of ['%%', '__', '%_', '\\%']) {
      const answer = await search(q)
      expect([q, answer.body.groups.every((group: any) => group.total === 0)]).toEqual([q, true])
    }
    await context.service.payload.create({
      collection: 'company',
      data: { name: '100% Auto_Sales' },
    })
    expect(titlesOf((await search('100%')).body, 'Companies')).toEqual(['100% Auto_Sales'])
    // A company is also searched by its id, as its list is: `com_demo_sunset` holds "o_s".
    expect(titlesOf((await search('o_Sa')).body, 'Companies')).toEqual(['100% Auto_Sales'])
    const listed = await sendJson(
      context.service,
      'GET',
      `/api/company?where[name][like]=${encodeURIComponent('%')}&limit=100`,
      { headers: context.who.staff.headers },
    )
    expect(listed.body.docs.map((doc: any) => doc.name)).toEqual(['100% Auto_Sales'])
    const contains = await sendJson(
      context.service,
      'GET',
      `/api/company?where[name][contains]=_&limit=100`,
      { headers: context.who.staff.headers },
    )
    expect(contains.body.docs.map((doc: any) => doc.name)).toEqual(['100% Auto_Sales'])
  })

  it('answers each caller only from the collections it may read', async () => {
    const asIntegrator = await search('González', 'integrator')
    const labels = asIntegrator.body.groups.map((group: any) => group.label)
    expect(labels).toContain('Consumers')
    expect(labels).not.toContain('Leads')
    // Deals are found by their title, which only staff read: a client finds them by id only.
    const deals = (answer: any) =>
      answer.body.groups.find((group: any) => group.label === 'Deals')?.total
    expect(deals(await search('Sunset Motors'))).toBeGreaterThan(0)
    expect(deals(await search('Sunset Motors', 'integrator'))).toBe(0)
    expect((await search('González', 'anonymous')).status).toBe(401)
  })

  it('refuses a query shorter than 2 or longer than 100 characters', async () => {
    for (const q of ['a', 'x'.repeat(101), ' ']) {
      const answer = await search(q)
      expect(answer.status).toBe(400)
    }
  })
})

/**
 * The caller found by phone: a number in any format finds the records that hold it however it
 * was written, in a list's search box (as the list view merges it into its filter) and in the
 * dashboard's search, whose counts link to those lists; a dealer's user finds only its own
 * dealership's records, whatever the number.
 */
describe('search by phone number', () => {
  const B = { company: 'com_test_bayside_phone', location: 'loc_test_bayside_phone' }
  let sunsetDealer: Principal
  let baysideDealer: Principal

  beforeAll(async () => {
    const { payload } = context.service
    await addDealership(payload, { ...B, name: 'Bayside Cars' })
    // Bayside's customer, whose number is written as Sunset's James Carter's is (512-555-0112)
    // elsewhere: another dealership's record a hostile dealer would look for.
    const zora = await payload.create({
      collection: 'consumer',
      data: {
        birthDate: '1990-01-02',
        firstName: 'Zora',
        id: 'con_test_bayside_phone',
        lastName: 'Bayside',
        phoneNumber: '510-555-0101',
      },
    })
    await payload.create({
      collection: 'lead',
      data: {
        consumer: zora.id,
        firstName: 'Zora',
        lastName: 'Bayside',
        location: B.location,
        phoneNumber: '(510) 555-0101',
      },
    })
    sunsetDealer = await staffUser(payload, 'dealer', 'com_demo_sunset')
    baysideDealer = await staffUser(payload, 'dealer', B.company)
  })

  /** A list's rows as its search box finds them: Payload's own merge of the search into a filter. */
  const listSearch = async (collection: CollectionSlug, search: string, who: Principal) => {
    const where = mergeListSearchAndWhere({
      collectionConfig: context.service.payload.collections[collection].config,
      search,
    })
    const query = stringify({ depth: 0, limit: 100, where }, { addQueryPrefix: true })
    const answer = await sendJson(context.service, 'GET', `/api/${collection}${query}`, {
      headers: who.headers,
    })
    expect([search, answer.status]).toEqual([search, 200])
    return answer.body as { docs: any[]; totalDocs: number }
  }

  it('finds a consumer by any way of writing the number, and by part of it', async () => {
    for (const search of [
      '(512) 555-0112',
      '512-555-0112',
      '5125550112',
      '+1 512 555 0112',
      '512.555.0112',
      '1-512-555-0112',
      '555-0112',
      '5550112',
    ]) {
      const found = await listSearch('consumer', search, context.who.staff)
      expect([search, found.docs.map((doc) => doc.id)]).toEqual([search, ['con_demo_james']])
    }
    // A number of the consumer's other numbers, stored as "+1 323-555-0199".
    const other = await listSearch('consumer', '(323) 555-0199', context.who.staff)
    expect(other.docs.map((doc) => doc.id)).toEqual(['con_demo_maria'])
    // Names still search as before; a number nobody has finds nothing.
    expect((await listSearch('consumer', 'Carter', context.who.staff)).totalDocs).toBe(1)
    expect((await listSearch('consumer', '(999) 555-0100', context.who.staff)).totalDocs).toBe(0)
  })

  it('makes a bulk write with the same filter touch exactly the rows the list shows', async () => {
    const search = '213-555-0147'
    const listed = await listSearch('lead', search, context.who.staff)
    expect(listed.totalDocs).toBe(2)
    const where = mergeListSearchAndWhere({
      collectionConfig: context.service.payload.collections.lead.config,
      search,
    })
    const query = stringify({ depth: 0, where }, { addQueryPrefix: true })
    const patched = await sendJson(context.service, 'PATCH', `/api/lead${query}`, {
      body: { source: 'phone search' },
      headers: context.who.staff.headers,
    })
    expect(patched.status).toBe(200)
    expect(patched.body.docs.map((doc: { id: number }) => doc.id).sort()).toEqual(
      listed.docs.map((doc) => doc.id).sort(),
    )
  })

  it('finds leads and credit apps by number, the co-applicant’s too', async () => {
    for (const search of ['213-555-0147', '2135550147', '(213) 555-0147', '+12135550147']) {
      const leads = await listSearch('lead', search, context.who.staff)
      expect([search, leads.docs.map((doc) => doc.email).sort()]).toEqual([
        search,
        ['m.gonzalez@work.example', 'maria.gonzalez@example.com'],
      ])
    }
    const apps = await listSearch('credit-app', '512 555 0190', context.who.staff)
    expect(apps.docs.map((doc) => doc.id)).toEqual(['crapp_demo_james'])
    const byName = await listSearch('lead', 'María González', context.who.staff)
    expect(byName.totalDocs).toBe(2)
  })

  it('keeps each stored key in E.164 as the record changes', async () => {
    const { payload } = context.service
    const lead = await payload.create({
      collection: 'lead',
      data: { firstName: 'Keyed', phoneNumber: '(415) 555-0123' },
    })
    expect(lead.phoneKeys).toBe('+14155550123')
    const moved = await payload.update({
      collection: 'lead',
      data: { phoneNumber: '+1 628-555-0124' },
      id: lead.id,
    })
    expect(moved.phoneKeys).toBe('+16285550124')
    const renamed = await payload.update({
      collection: 'lead',
      data: { lastName: 'K' },
      id: lead.id,
    })
    expect(renamed.phoneKeys).toBe('+16285550124')
    // Written only by the service: a value sent is ignored.
    const sent = await sendJson(context.service, 'PATCH', `/api/lead/${lead.id}`, {
      body: { phoneKeys: '+19995550100' },
      headers: context.who.staffAdmin.headers,
    })
    expect(sent.status).toBe(200)
    expect(sent.body.doc.phoneKeys).toBe('+16285550124')
  })

  it('answers the dashboard search by number, each hit with a second line and each count with its list', async () => {
    const answer = await search('2135550147')
    expect(answer.status).toBe(200)
    const group = (label: string) => answer.body.groups.find((each: any) => each.label === label)
    expect(group('Consumers').hits).toEqual([
      {
        collection: 'consumer',
        detail: '(213) 555-0147 · maria.gonzalez@example.com',
        href: '/admin/collections/consumer/con_demo_maria',
        id: 'con_demo_maria',
        title: 'María González',
      },
    ])
    // Two leads of one name, told apart by their e-mail and store.
    expect(
      group('Leads')
        .hits.map((hit: any) => [hit.title, hit.detail])
        .sort(),
    ).toEqual([
      ['María González', '(213) 555-0147 · m.gonzalez@work.example · Sunset Motors'],
      ['María González', '(213) 555-0147 · maria.gonzalez@example.com · Sunset Motors'],
    ])
    expect(group('Credit apps').hits.map((hit: any) => hit.id)).toEqual(['crapp_demo_maria'])
    // Each count is the number of rows its list shows when opened at its href.
    for (const { hits, href, total } of answer.body.groups) {
      const url = new URL(href, 'http://127.0.0.1')
      const collection = url.pathname.split('/').at(-1) as CollectionSlug
      expect(url.searchParams.get('search')).toBe('2135550147')
      const listed = await listSearch(collection, '2135550147', context.who.staff)
      expect([href, listed.totalDocs]).toEqual([href, total])
      expect(hits.length).toBe(Math.min(total, 5))
    }
  })

  it('never lets a dealer find another dealership’s records by number, in any format', async () => {
    for (const q of ['510-555-0101', '(510) 555-0101', '5105550101', '555-0101']) {
      const hostile = await sendJson(
        context.service,
        'GET',
        `/api/search?q=${encodeURIComponent(q)}`,
        {
          headers: sunsetDealer.headers,
        },
      )
      expect(hostile.status).toBe(200)
      expect([q, hostile.body.groups.map((each: any) => [each.label, each.total])]).toEqual([
        q,
        hostile.body.groups.map((each: any) => [each.label, 0]),
      ])
      for (const collection of ['consumer', 'lead'] as const)
        expect([q, (await listSearch(collection, q, sunsetDealer)).totalDocs]).toEqual([q, 0])
      // The records are there: their own dealership's user finds them.
      expect((await listSearch('lead', q, baysideDealer)).totalDocs).toBe(1)
      expect((await listSearch('consumer', q, baysideDealer)).totalDocs).toBe(1)
    }
    // Nor by filtering on the stored keys themselves.
    const keys = await sendJson(
      context.service,
      'GET',
      `/api/lead?where[phoneKeys][like]=${encodeURIComponent('+15105550101')}`,
      { headers: sunsetDealer.headers },
    )
    expect(keys.body.totalDocs).toBe(0)
    // Its own customer it finds by number.
    const own = await listSearch('consumer', '(512) 555-0112', sunsetDealer)
    expect(own.docs.map((doc) => doc.id)).toEqual(['con_demo_james'])
  })

  it('leaves API clients’ filters as sent, and never shows them the stored keys', async () => {
    const answer = await sendJson(context.service, 'GET', `/api/consumer/con_demo_james?depth=0`, {
      headers: context.who.integrator.headers,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).not.toHaveProperty('phoneKeys')
    const literal = await sendJson(
      context.service,
      'GET',
      `/api/consumer?where[phoneNumber][like]=${encodeURIComponent('512-555-0112')}`,
      { headers: context.who.integrator.headers },
    )
    expect(literal.body.docs.map((doc: any) => doc.id)).toEqual(['con_demo_james'])
    const keys = await sendJson(
      context.service,
      'GET',
      `/api/consumer?where[phoneKeys][like]=5550112`,
      { headers: context.who.integrator.headers },
    )
    expect(keys.status).toBe(400)
  })
})
