/**
 * The dashboard's figures: counts as the viewer may read them, each equal to what its link's
 * list holds, and sections left out for viewers who may not read them (a `staff` user sees no
 * audit, job or webhook figures).
 */
import { describe, expect, it } from '@jest/globals'
import type { TypedUser } from 'payload'

import { dashboardFigures, windows } from '@/admin/dashboardFigures'
import { listHref } from '@/lib/adminHref'

import { sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const userOf = async (who: 'staff' | 'staffAdmin') =>
  ({
    ...(await context.service.payload.findByID({
      collection: 'users',
      id: context.who[who].id!,
    })),
    collection: 'users',
  }) as unknown as TypedUser

describe('dashboard figures', () => {
  it('count what each link lists, as the viewer', async () => {
    await context.service.payload.create({
      collection: 'errors',
      data: { message: 'dash', source: 'x' },
    })
    const sections = await dashboardFigures(context.service.payload, await userOf('staffAdmin'))
    expect(sections.map((section) => section.title)).toEqual([
      'Leads',
      'Lead events',
      'Credit apps',
      'Adverse action',
      'Sanctions screening',
      'Deals',
      'Errors',
      'Jobs',
      'Webhooks',
      'Credit data',
    ])
    for (const { figures } of sections) {
      for (const figure of figures) {
        const [, collection, query] = figure.href.match(/^\/admin\/collections\/([^?]+)\?(.*)$/)!
        const list = await sendJson(context.service, 'GET', `/api/${collection}?${query}&limit=1`, {
          headers: context.who.staffAdmin.headers,
        })
        expect({ label: figure.label, value: list.body.totalDocs }).toEqual({
          label: figure.label,
          value: figure.value,
        })
      }
    }
    const value = (label: string) =>
      sections.flatMap((section) => section.figures).find((figure) => figure.label === label)!.value
    // The demo data was loaded just now: every seeded lead is new today.
    const leads = await context.service.payload.count({ collection: 'lead' })
    expect(value('New leads today')).toBe(leads.totalDocs)
    expect(value('Error records, last 24 h')).toBeGreaterThanOrEqual(1)
  })

  it('leave out what a staff user may not read', async () => {
    const sections = await dashboardFigures(context.service.payload, await userOf('staff'))
    const titles = sections.map((section) => section.title)
    expect(titles).toContain('Credit apps')
    expect(titles).not.toContain('Credit data')
    expect(titles).not.toContain('Jobs')
    expect(titles).not.toContain('Webhooks')
  })

  it('link a list filtered by a set of values as the list view reads it', () => {
    expect(
      listHref('credit-app', { 'providerSubmission.status': { in: ['failed', 'rejected'] } }),
    ).toBe(
      '/admin/collections/credit-app?where[providerSubmission.status][in][0]=failed&where[providerSubmission.status][in][1]=rejected',
    )
  })

  it('start the week on Monday and the day at midnight UTC', () => {
    const { day, today, week } = windows(new Date('2026-11-22T15:30:00Z')) // a Sunday
    expect(today.toISOString()).toBe('2026-11-22T00:00:00.000Z')
    expect(week.toISOString()).toBe('2026-11-16T00:00:00.000Z')
    expect(day.toISOString()).toBe('2026-11-21T15:30:00.000Z')
  })
})
