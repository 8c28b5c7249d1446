/**
 * Readable titles: credit apps, deals, consumers, leads, contacts, pre-approvals, credit reports,
 * accounts, VDP e-mails, listings, do-not-contact, consumer requests and locations are titled by what they are about, for staff; API clients get the documented shape without the field; the migration's
 * backfill of stored records gives the same titles as a save does.
 */
import { describe, expect, it } from '@jest/globals'
import { sql } from 'drizzle-orm'

import { backfillTitles } from '@/migrations/20261123_021600_titles'
import { backfillMoreTitles } from '@/migrations/20261123_052620_more_titles'
import { backfillListingTitles } from '@/migrations/20261125_190420_listing_title'
import { backfillComplianceTitles } from '@/migrations/20261129_004950_compliance_titles'
import { backfillConsentTitles } from '@/migrations/20261129_010133_consent_titles'
import { backfillLocationTitles } from '@/migrations/20261129_164206_location_titles'

import { sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const TITLED = [
  'consumer',
  'lead',
  'contact',
  'credit_app',
  'deal',
  'pre_approval',
  'credit_report',
  'account',
  'vdp_emails',
  'listing',
  'do_not_contact',
  'consumer_requests',
  'consents',
  'disclosures',
  'location',
] as const

const execute = (query: ReturnType<typeof sql>) =>
  context.service.payload.db.drizzle.execute(query) as unknown as Promise<{
    rows: Record<string, unknown>[]
  }>

const titles = async () => {
  const found: Record<string, unknown> = {}
  for (const table of TITLED) {
    const { rows } = await execute(sql.raw(`SELECT id, title FROM "${table}" ORDER BY id`))
    for (const row of rows) found[`${table}:${row.id}`] = row.title
  }
  return found
}

describe('titles', () => {
  it('name a credit app by its applicant, vehicle and provider, and a deal by vehicle and dealer', async () => {
    const app = await sendJson(context.service, 'GET', '/api/credit-app/crapp_demo_maria', {
      headers: context.who.staff.headers,
    })
    expect(app.body.title).toMatch(/^María González — 2022 Toyota Camry · Provider A$/)
    const deal = await sendJson(context.service, 'GET', '/api/deal/deal_demo_camry', {
      headers: context.who.staff.headers,
    })
    expect(deal.body.title).toMatch(/^Deal · \d{4} Toyota Camry · .+$/)
    const consumer = await sendJson(context.service, 'GET', '/api/consumer/con_demo_maria', {
      headers: context.who.staff.headers,
    })
    expect(consumer.body.title).toBe('María González')
    const preApproval = await sendJson(context.service, 'GET', '/api/pre-approval/pre_demo_maria', {
      headers: context.who.staff.headers,
    })
    expect(preApproval.body.title).toMatch(/^Pre-approval · María González · \S.*$/)
  })

  it('name a listing by its description, else by the vehicle with its VIN, else by the VIN', async () => {
    const post = (body: Record<string, unknown>) =>
      sendJson(context.service, 'POST', '/api/listing', {
        body,
        headers: context.who.staff.headers,
      })
    const { docs } = await context.service.payload.find({
      collection: 'listing',
      where: { vin: { equals: '4T1B11HK7NU000123' } },
    })
    expect(docs[0].title).toBe('2022 Toyota Camry LE')
    const own = await post({
      make: 'Tesla',
      model: 'Model 3',
      vin: '5YJ3E1EA0PF000789',
      year: 2024,
    })
    expect(own.body.doc.title).toBe('2024 Tesla Model 3')
    const unknown = await post({ vin: '1HGCM82633A004352' })
    expect(unknown.body.doc.title).toBe('1HGCM82633A004352')
  })

  it('name a do-not-contact request and a consumer request by the person, not the employee or the id', async () => {
    const { payload } = context.service
    const lead = (
      await payload.find({ collection: 'lead', limit: 1, where: { consumer: { exists: false } } })
    ).docs[0]
    const leadOnly = await payload.create({
      collection: 'do-not-contact',
      data: { lead: lead.id, recordedBy: 'sam.rivera@example.com' },
    })
    expect(leadOnly.title).toBe(`Do not contact · ${lead.firstName} ${lead.lastName}`)
    const maria = (
      await payload.find({
        collection: 'lead',
        limit: 1,
        where: { consumer: { equals: 'con_demo_maria' } },
      })
    ).docs[0]
    const own = await payload.create({
      collection: 'do-not-contact',
      data: { consumer: 'con_demo_maria', lead: maria.id, recordedBy: 'sam.rivera@example.com' },
    })
    expect(own.title).toBe('Do not contact · María González')
    const request = await sendJson(context.service, 'POST', '/api/consumer-requests', {
      body: {
        consumer: 'con_demo_maria',
        identityVerification: 'e-mail and last four of SSN matched',
        kind: 'access',
        receivedAt: new Date(Date.now() - 60_000).toISOString(),
      },
      headers: context.who.staff.headers,
    })
    expect(request.status).toBe(201)
    expect(request.body.doc.title).toBe('Access request · María González')
    // Found by the person's name in their lists' search.
    const found = await sendJson(
      context.service,
      'GET',
      '/api/do-not-contact?where[title][like]=Gonz',
      { headers: context.who.staff.headers },
    )
    expect(found.body.docs.map((doc: { id: number }) => doc.id)).toEqual([own.id])
  })

  it('name a disclosure by kind and version, and a consent by kind and whose it is, a co-applicant without a record by the name the app gives', async () => {
    const { payload } = context.service
    const disclosure = (
      await payload.find({
        collection: 'disclosures',
        where: { kind: { equals: 'credit-report-authorization' } },
      })
    ).docs[0]
    expect(disclosure.title).toBe('Credit-report authorization · 2026-11')
    const maria = await payload.find({
      collection: 'consents',
      where: { consumer: { equals: 'con_demo_maria' } },
    })
    expect(maria.docs.map((consent) => consent.title)).toContain(
      'Credit-report authorization · María González',
    )
    const grant = (body: Record<string, unknown>) =>
      sendJson(context.service, 'POST', '/api/consents', {
        body: {
          creditApp: 'crapp_demo_james',
          disclosure: disclosure.id,
          kind: 'credit-report-authorization',
          method: 'phone',
          role: 'co-applicant',
          ...body,
        },
        headers: context.who.staff.headers,
      })
    const dana = await grant({ action: 'grant' })
    expect(dana.status).toBe(201)
    expect(dana.body.doc.title).toBe('Credit-report authorization · Dana Carter')
    const revoked = await grant({ action: 'revoke', disclosure: undefined })
    expect(revoked.status).toBe(201)
    expect(revoked.body.doc.title).toBe('Credit-report authorization · Dana Carter · revoked')
  })

  it("name a location by its company and whether that is a dealership or an auction, and follow the company's changes at once", async () => {
    const { payload } = context.service
    const read = async (id: string) =>
      (await execute(sql`SELECT title FROM location WHERE id = ${id}`)).rows[0].title
    const [dealership] = (
      await payload.find({
        collection: 'company',
        limit: 1,
        where: { isFacilitator: { equals: false } },
      })
    ).docs
    const location = (
      await payload.find({
        collection: 'location',
        limit: 1,
        where: { companyId: { equals: dealership.id } },
      })
    ).docs[0]
    expect(await read(location.id)).toBe(`${dealership.name} · dealership · ${location.address}`)
    const auction = (
      await payload.find({
        collection: 'company',
        limit: 1,
        where: { isFacilitator: { equals: true } },
      })
    ).docs[0]
    const auctionSite = (
      await payload.find({
        collection: 'location',
        limit: 1,
        where: { companyId: { equals: auction.id } },
      })
    ).docs[0]
    expect(await read(auctionSite.id)).toBe(`${auction.name} · auction · ${auctionSite.address}`)
    // Staff see it in the list a picker reads, and find the site by the company's name.
    const picked = await sendJson(
      context.service,
      'GET',
      `/api/location?where[title][like]=${encodeURIComponent(auction.name)}&depth=0`,
      { headers: context.who.staff.headers },
    )
    expect(picked.body.docs.map((doc: { id: string }) => doc.id)).toContain(auctionSite.id)
    await payload.update({
      collection: 'company',
      data: { isFacilitator: true, name: 'Renamed Motors' },
      id: dealership.id,
    })
    try {
      expect(await read(location.id)).toBe(`Renamed Motors · auction · ${location.address}`)
    } finally {
      await payload.update({
        collection: 'company',
        data: { isFacilitator: false, name: dealership.name },
        id: dealership.id,
      })
    }
    expect(await read(location.id)).toBe(`${dealership.name} · dealership · ${location.address}`)
  })

  it('follow a change at the next save', async () => {
    const edited = await sendJson(context.service, 'PATCH', '/api/contact/cnt_demo_rachel', {
      body: { firstName: 'Rae' },
      headers: context.who.staff.headers,
    })
    expect(edited.body.doc.title).toMatch(/^Rae /)
  })

  it('are left out of API answers to API clients', async () => {
    const commerce = await sendJson(context.service, 'GET', '/api/creditapps/crapp_demo_maria', {
      headers: context.who.integrator.headers,
    })
    expect(commerce.status).toBe(200)
    expect(commerce.body.data).not.toHaveProperty('title')
    const rest = await sendJson(context.service, 'GET', '/api/deal/deal_demo_camry', {
      headers: context.who.integrator.headers,
    })
    expect(rest.body).not.toHaveProperty('title')
  })

  it('of stored records, as the migration fills them, are the ones a save gives', async () => {
    const saved = await titles()
    expect(Object.keys(saved).length).toBeGreaterThanOrEqual(10)
    await execute(sql.raw(TITLED.map((table) => `UPDATE "${table}" SET title = NULL;`).join('\n')))
    await execute(backfillTitles)
    await execute(backfillMoreTitles)
    await execute(backfillListingTitles)
    await execute(backfillComplianceTitles)
    await execute(backfillConsentTitles)
    await execute(backfillLocationTitles)
    expect(await titles()).toEqual(saved)
  })

  it('are worked out again only when a field they name changes: a save of anything else looks nothing up', async () => {
    const { payload } = context.service
    const stored = async () =>
      (await execute(sql`SELECT title FROM credit_app WHERE id = 'crapp_demo_maria'`)).rows[0].title
    const before = await stored()
    expect(before).toBe('María González — 2022 Toyota Camry · Provider A')
    await payload.update({
      collection: 'consumer',
      data: { firstName: 'Mara' },
      id: 'con_demo_maria',
    })
    try {
      // Its applicant's name is not among the app's own fields: the title stays as it was.
      await payload.update({
        collection: 'credit-app',
        data: { email: 'maria.new@example.com' },
        id: 'crapp_demo_maria',
      })
      expect(await stored()).toBe(before)
      // The same consumer sent again is no change either.
      await payload.update({
        collection: 'credit-app',
        data: { consumer: 'con_demo_maria' },
        id: 'crapp_demo_maria',
      })
      expect(await stored()).toBe(before)
      await payload.update({
        collection: 'credit-app',
        data: { provider: 'provider_b' },
        id: 'crapp_demo_maria',
      })
      expect(await stored()).toBe('Mara González — 2022 Toyota Camry · Provider B')
    } finally {
      await payload.update({
        collection: 'consumer',
        data: { firstName: 'María' },
        id: 'con_demo_maria',
      })
      await payload.update({
        collection: 'credit-app',
        data: { provider: 'provider_a' },
        id: 'crapp_demo_maria',
      })
    }
    expect(await stored()).toBe(before)
  })
})
