/**
 * GET /api/search: one search across consumers, leads, contacts, companies, deals and vehicles,
 * as the caller may read them; never matched on an SSN or birth date.
 */
import { describe, expect, it } from '@jest/globals'

import { sendJson } from '../helpers/http'
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
    expect(titlesOf((await search('o_S')).body, 'Companies')).toEqual(['100% Auto_Sales'])
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
    // Deals are found by their title, which only staff read: no search of them for a client.
    expect(labels).not.toContain('Deals')
    expect((await search('González', 'anonymous')).status).toBe(401)
  })

  it('refuses a query shorter than 2 or longer than 100 characters', async () => {
    for (const q of ['a', 'x'.repeat(101), ' ']) {
      const answer = await search(q)
      expect(answer.status).toBe(400)
    }
  })
})
