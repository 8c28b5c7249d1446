/**
 * The lead desk in Chromium, as the demo staff user works it: Leads first in the navigation, the
 * dashboard's to-do list, a lead's page (status, assignee, due times, timeline, the consumer's
 * other leads), logging a call from it, adding a note, setting an appointment and marking it
 * shown, adding a task and ticking it off, a do-not-contact request (no outbound activity offered
 * after it, the leads list flagging it), and taking a lead. The dashboard and lead-page pictures of
 * docs/admin-ui.md are taken here.
 */
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { projectRoot } from '@/lib/paths'

import {
  ADMIN_SERVICE_MS,
  type AdminService,
  DEMO_STAFF,
  startAdminService,
  STEP_MS,
  WAIT,
} from '../helpers/adminService'

let admin: AdminService
let staff: Page

const screenshot = (name: string) => path.join(projectRoot, 'docs', 'screenshots', `${name}.png`)

const leadId = async (page: Page, email: string): Promise<number> =>
  (await admin.api(page, `/lead?where[email][equals]=${encodeURIComponent(email)}&depth=0`)).docs[0]
    .id

const desk = (page: Page) => page.locator('section[aria-label="Lead desk"]')

/** Resolves once the desk, drawn on the server, is hydrated: its buttons and form work. */
const deskReady = (page: Page) =>
  page.locator('section[aria-label="Lead desk"][data-ready="true"]').waitFor(WAIT)

/** The page of a lead, once its desk panel (drawn on the server) is hydrated. */
const openLead = async (page: Page, id: number) => {
  await admin.open(page, `/collections/lead/${id}`)
  await deskReady(page)
}

/** Logs an activity with the page's form; resolves once the page reloaded, or with the refusal. */
const logActivity = async (
  page: Page,
  {
    due,
    nextSteps,
    status,
    type,
  }: { due?: string; nextSteps?: string; status?: string; type: string },
) => {
  const form = page.getByRole('form', { name: 'Log activity' })
  await form.locator('select[name="type"]').selectOption(type)
  if (status) await form.locator('select[name="status"]').selectOption(status)
  if (nextSteps) await form.locator('textarea[name="nextSteps"]').fill(nextSteps)
  if (due) await form.locator('input[name="followUpDue"]').fill(due)
  const reloaded = page.waitForEvent('load', { timeout: 30_000 }).then(() => 'reloaded' as const)
  const refused = form
    .getByRole('alert')
    .waitFor(WAIT)
    .then(async () => (await form.getByRole('alert').innerText()).trim())
  await form.getByRole('button', { name: 'Log activity' }).click()
  const outcome = await Promise.race([reloaded, refused])
  if (outcome === 'reloaded') await deskReady(page)
  return outcome
}

beforeAll(async () => {
  // Leads are due for a first contact as soon as they arrive, and the sweep runs every second:
  // a new lead without a location (counted around the clock) is escalated at once.
  admin = await startAdminService('lead-desk', {
    LEAD_CONTACT_MINUTES: '0',
    LEAD_ESCALATION_CHECK_SECONDS: '1',
  })
  staff = await admin.pageAs(DEMO_STAFF)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await admin?.close()
})

describe('the dashboard', () => {
  it('lists Leads first in the navigation', async () => {
    await admin.open(staff, '')
    const nav = await staff.locator('nav').first().innerText()
    const at = (label: string) => nav.indexOf(label)
    expect(at('Leads')).toBeGreaterThanOrEqual(0)
    for (const group of ['Credit', 'Commerce', 'Vehicles'])
      expect({ group, before: at('Leads') < at(group) }).toEqual({ before: true, group })
  })

  it(
    'is a to-do list: my leads due now and leads escalated for want of a first contact',
    async () => {
      const created = await staff.request.post(`${admin.url}/api/lead`, {
        data: { email: 'wendy.waiting@example.com', firstName: 'Wendy', lastName: 'Waiting' },
      })
      expect(created.status()).toBe(201)
      const wendy = (await created.json()).doc.id
      // The job runner's sweep marks it within a few seconds.
      for (let i = 0; i < 60; i++) {
        if ((await admin.api(staff, `/lead/${wendy}?depth=0`)).escalatedAt) break
        await staff.waitForTimeout(500)
      }
      await admin.open(staff, '')
      const mine = staff.getByRole('region', { name: 'My leads due now' })
      await mine.waitFor(WAIT)
      // The demo's María González was due a quarter of an hour ago and is Sam's.
      await expect(mine.getByRole('link', { name: 'María González' }).count()).resolves.toBe(1)
      expect(await mine.getByRole('link', { name: 'James Carter' }).count()).toBe(0)
      const late = staff.getByRole('region', { name: 'Uncontacted leads past their time' })
      await late.getByRole('link', { name: 'Wendy Waiting' }).waitFor(WAIT)
      await staff.getByRole('region', { name: 'Credit apps needing attention' }).waitFor(WAIT)
      await staff.getByRole('region', { name: 'Deals without a bid' }).waitFor(WAIT)
      await staff.screenshot({ fullPage: true, path: screenshot('dashboard') })

      // Its title opens the whole list, filtered the same way.
      await mine.getByRole('link', { name: 'My leads due now' }).click()
      await staff.waitForURL(/\/admin\/collections\/lead\?where/, WAIT)
      await staff.locator('tbody tr').filter({ hasText: 'María' }).first().waitFor(WAIT)
      expect(await staff.locator('tbody tr').filter({ hasText: 'Carter' }).count()).toBe(0)
    },
    STEP_MS,
  )
})

describe("a lead's page", () => {
  it(
    "shows the current status, next steps, assignee, timeline and the consumer's other leads",
    async () => {
      const maria = await leadId(staff, 'maria.gonzalez@example.com')
      await openLead(staff, maria)
      const panel = desk(staff)
      expect(await panel.locator('[data-desk="status"]').innerText()).toBe('Had Conversation')
      expect(await panel.locator('[data-desk="nextSteps"]').innerText()).toBe(
        'Book a test drive for Saturday.',
      )
      expect(await panel.locator('[data-desk="assignee"]').innerText()).toBe('Sam Rivera')
      const timeline = panel.locator('ol[aria-label="Timeline"] > li')
      expect(await timeline.count()).toBe(4)
      const times = await timeline
        .locator('time')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''))
      expect(times).toEqual([...times].sort().reverse())
      expect(await timeline.filter({ hasText: 'VDP e-mail' }).count()).toBe(1)
      expect(await timeline.filter({ hasText: 'current' }).innerText()).toContain(
        'Customer Answered',
      )
      const others = panel.locator('ul[aria-label="Other leads"] > li')
      expect(await others.count()).toBe(1)
      expect(await others.innerText()).toContain('María González')
    },
    STEP_MS,
  )

  it(
    'draws the desk and its duplicates with the page: in the HTML the server sends, and nothing jumps',
    async () => {
      const maria = await leadId(staff, 'maria.gonzalez@example.com')
      const html = await (
        await staff.request.get(`${admin.url}/admin/collections/lead/${maria}`)
      ).text()
      expect(html).toContain('data-desk="status"')
      expect(html).toContain('Book a test drive for Saturday.')
      // Her possible duplicate too: a list filled in after the first paint would push the form down.
      expect(html).toContain('aria-label="Possible duplicates"')

      // Layout shifts while the page loads and settles, as Chromium counts them (CLS), over three
      // loads: the page is streamed, and a first paint before the sidebar's markup moved the
      // whole desk in about one load of three (0.18–0.30) until custom.scss kept the columns.
      for (let load = 0; load < 3; load++) {
        const page = await staff.context().newPage()
        await page.addInitScript(() => {
          const shifts: number[] = []
          Object.assign(window, { shifts })
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              hadRecentInput: boolean
              value: number
            })[])
              if (!entry.hadRecentInput) shifts.push(entry.value)
          }).observe({ buffered: true, type: 'layout-shift' })
        })
        try {
          await admin.open(page, `/collections/lead/${maria}`)
          await deskReady(page)
          await page.waitForTimeout(1000)
          const shift = await page.evaluate(() =>
            (window as unknown as { shifts: number[] }).shifts.reduce((sum, one) => sum + one, 0),
          )
          // Web Vitals' "good" bound; 20 loads measured at most 0.003 with the columns kept.
          expect({ load, shift: shift <= 0.1 ? 'good' : shift }).toEqual({ load, shift: 'good' })
        } finally {
          await page.close()
        }
      }
    },
    STEP_MS,
  )

  it(
    'logs a call: a new lead event, now the current status, with the next due time',
    async () => {
      const maria = await leadId(staff, 'maria.gonzalez@example.com')
      await openLead(staff, maria)
      const outcome = await logActivity(staff, {
        due: '2031-03-14T10:30',
        nextSteps: 'Test drive Saturday 10am',
        status: 'Waiting For Meeting',
        type: 'Outbound Phone Call',
      })
      expect(outcome).toBe('reloaded')
      const panel = desk(staff)
      expect(await panel.locator('[data-desk="status"]').innerText()).toBe('Waiting For Meeting')
      expect(await panel.locator('[data-desk="nextSteps"]').innerText()).toBe(
        'Test drive Saturday 10am',
      )
      expect(await panel.locator('[data-desk="due"]').innerText()).toContain('2031')
      const first = panel.locator('ol[aria-label="Timeline"] > li').first()
      expect(await first.innerText()).toMatch(/Outbound Phone Call → Waiting For Meeting\s*current/)
      expect(await first.innerText()).toContain('Sam Rivera')
      // As stored: made by Sam, the lead's only current event.
      const current = await admin.api(
        staff,
        `/leadEvents?where[currentStatusFor][equals]=${maria}&depth=0`,
      )
      expect(current.docs).toHaveLength(1)
      expect(current.docs[0]).toMatchObject({
        status: 'Waiting For Meeting',
        type: 'Outbound Phone Call',
      })
      const lead = await admin.api(staff, `/lead/${maria}?depth=0`)
      expect(new Date(lead.followUpDue).getUTCFullYear()).toBe(2031)
      await staff.screenshot({ fullPage: true, path: screenshot('lead-page') })
    },
    STEP_MS,
  )

  it(
    'adds a note: shown in the timeline at once with who wrote it, the lead left unsaved',
    async () => {
      const maria = await leadId(staff, 'maria.gonzalez@example.com')
      await openLead(staff, maria)
      const panel = desk(staff)
      const form = panel.locator('[aria-label="Add a note"]')
      const add = form.getByRole('button', { name: 'Add note' })
      expect(await add.isDisabled()).toBe(true)
      const writes: string[] = []
      const onRequest = (request: { method: () => string; url: () => string }) => {
        if (request.method() !== 'GET')
          writes.push(`${request.method()} ${new URL(request.url()).pathname}`)
      }
      staff.on('request', onRequest)
      await form
        .locator('textarea[name="note"]')
        .fill('Trade-in: 2015 Civic, 98k miles.\nCall after 5 pm.')
      await add.click()
      const note = panel.locator('ol[aria-label="Timeline"] > li').filter({ hasText: 'Trade-in' })
      await note.waitFor(WAIT)
      expect(await note.locator('[data-desk="note"]').innerText()).toBe(
        'Trade-in: 2015 Civic, 98k miles.\nCall after 5 pm.',
      )
      expect(await note.innerText()).toContain('Sam Rivera')
      expect(await form.locator('textarea[name="note"]').inputValue()).toBe('')
      staff.off('request', onRequest)
      expect(writes).toEqual(['POST /api/lead-note'])
    },
    STEP_MS,
  )

  it(
    "sets an appointment in the viewer's time, then marks it shown, each in one click",
    async () => {
      const maria = await leadId(staff, 'maria.gonzalez@example.com')
      await openLead(staff, maria)
      const box = desk(staff).locator('[aria-label="Appointments"]')
      await box.locator('input[name="appointmentStartsAt"]').fill('2031-05-03T10:30')
      await box.locator('select[name="appointmentKind"]').selectOption('test-drive')
      await box.locator('input[name="appointmentNote"]').fill('Bring the trade-in title')
      await box.getByRole('button', { name: 'Set appointment' }).click()
      const item = box.locator('li[data-appointment]').filter({ hasText: 'Test drive' })
      await item.waitFor(WAIT)
      expect(await item.getAttribute('data-appointment')).toBe('set')
      expect(await item.innerText()).toMatch(
        /2031.*10:30.*Test drive · Set · Bring the trade-in title/s,
      )
      // Stored as the moment the viewer meant, in their zone.
      const [stored] = (
        await admin.api(staff, `/lead-appointment?where[lead][equals]=${maria}&depth=0`)
      ).docs
      const zone = await staff.evaluate(() => new Date('2031-05-03T10:30').toISOString())
      expect(stored.startsAt).toBe(zone)
      await item.getByRole('button', { name: 'Shown' }).click()
      await box.locator('li[data-appointment="shown"]').waitFor(WAIT)
      expect(await box.locator('li[data-appointment="shown"] button').count()).toBe(0)
    },
    STEP_MS,
  )

  it(
    "adds a task due in the viewer's time, marks it overdue, and ticks it off in one click",
    async () => {
      const maria = await leadId(staff, 'maria.gonzalez@example.com')
      await openLead(staff, maria)
      const box = desk(staff).locator('[aria-label="Tasks"]')
      const add = box.getByRole('button', { name: 'Add task' })
      expect(await add.isDisabled()).toBe(true)
      await box.locator('input[name="taskWhat"]').fill('Send the trade-in figures')
      await box.locator('input[name="taskDueAt"]').fill('2026-01-05T09:15')
      await add.click()
      const item = box.locator('li[data-task]').filter({ hasText: 'Send the trade-in figures' })
      await item.waitFor(WAIT)
      expect(await item.getAttribute('data-task')).toBe('open')
      expect(await item.innerText()).toMatch(
        /Send the trade-in figures · due .*2026.*9:15.*overdue/s,
      )
      const [stored] = (await admin.api(staff, `/lead-task?where[lead][equals]=${maria}&depth=0`))
        .docs
      const zone = await staff.evaluate(() => new Date('2026-01-05T09:15').toISOString())
      expect(stored.dueAt).toBe(zone)
      await item.getByRole('button', { name: 'Done' }).click()
      const done = box.locator('li[data-task="done"]')
      await done.waitFor(WAIT)
      expect(await done.innerText()).toContain('Done by Sam Rivera')
      expect(await done.locator('button').count()).toBe(0)
      await box.screenshot({ path: screenshot('lead-tasks') })
    },
    STEP_MS,
  )

  it(
    'takes a vehicle of interest by its VIN: saved, the year, make and model are filled in',
    async () => {
      const created = await staff.request.post(`${admin.url}/api/lead?depth=0`, {
        data: { firstName: 'Walk', lastName: 'In', location: 'loc_demo_sunset_la' },
      })
      const { doc } = await created.json()
      await openLead(staff, doc.id)
      await staff.locator('#field-vehicleOfInterest__vin').fill('4T1B11HK7NU000123')
      await staff.locator('#action-save:not([disabled])').click()
      await staff.getByText('Updated successfully').first().waitFor(WAIT)
      const make = staff.locator('#field-vehicleOfInterest__make')
      await staff.waitForFunction(
        () =>
          (document.querySelector('#field-vehicleOfInterest__make') as HTMLInputElement | null)
            ?.value === 'Toyota',
        null,
        WAIT,
      )
      expect(await make.inputValue()).toBe('Toyota')
      expect(await staff.locator('#field-vehicleOfInterest__model').inputValue()).toBe('Camry')
      const stored = await admin.api(staff, `/lead/${doc.id}?depth=0`)
      expect(stored.vehicleOfInterest).toMatchObject({ make: 'Toyota', year: 2022 })
    },
    STEP_MS,
  )

  it(
    'records a do-not-contact request; then offers no outbound activity, and the list flags the lead',
    async () => {
      const james = await leadId(staff, 'james.carter@example.com')
      await openLead(staff, james)
      expect(await logActivity(staff, { type: 'Customer DNC Request' })).toBe('reloaded')
      const banner = desk(staff).getByRole('status').filter({ hasText: 'Do not contact' })
      await banner.waitFor(WAIT)
      expect(await banner.innerText()).toContain('Sam Rivera')

      // The service would refuse every outbound type and status (409, REST tests): none is offered.
      const form = staff.getByRole('form', { name: 'Log activity' })
      const options = async (name: string) =>
        form.locator(`select[name="${name}"] option`).allInnerTexts()
      const types = await options('type')
      expect(types).toContain('Customer Call')
      expect(types.filter((type) => /^Outbound/.test(type))).toEqual([])
      expect((await options('status')).filter((status) => /^Send Text/.test(status))).toEqual([])
      expect(await form.innerText()).toContain('the customer asked not to be contacted')
      expect(
        await logActivity(staff, { nextSteps: 'Called in to ask', type: 'Customer Call' }),
      ).toBe('reloaded')

      // The leads list flags the row, and shows the phone number and store beside it.
      await admin.open(staff, '/collections/lead?search=James%20Carter')
      const row = staff.locator('tbody tr').filter({ hasText: 'Carter' }).first()
      await row.waitFor(WAIT)
      await expect(row.locator('.lead-flags').innerText()).resolves.toContain('Do not contact')
      await staff.screenshot({ path: screenshot('leads-list') })
      const headers = await staff.locator('thead th').allInnerTexts()
      for (const column of ['Flags', 'Phone Number', 'Location', 'Assignee', 'Age'])
        expect({ column, shown: headers.some((header) => header.includes(column)) }).toEqual({
          column,
          shown: true,
        })
      // Every column on a 1,280 px screen, none scrolled off to the right.
      expect(staff.viewportSize()?.width).toBe(1280)
      const table = await staff
        .locator('.collection-list--lead .table')
        .evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }))
      expect(table.scroll).toBeLessThanOrEqual(table.client)
    },
    STEP_MS,
  )

  it(
    "logs the activity on Enter in its due time, never saving the lead's own form",
    async () => {
      await openLead(staff, await leadId(staff, 'maria.gonzalez@example.com'))
      const sent: string[] = []
      staff.on('request', (request) => sent.push(`${request.method()} ${request.url()}`))
      const form = staff.getByRole('form', { name: 'Log activity' })
      await form.locator('select[name="type"]').selectOption('Outbound Phone Call')
      const due = form.locator('input[name="followUpDue"]')
      await due.fill('2031-05-06T10:30')
      const reloaded = staff.waitForEvent('load', { timeout: 30_000 })
      await due.press('Enter')
      await reloaded
      await deskReady(staff)
      expect(sent.filter((line) => /^POST .*\/api\/lead\/\d+\/activity$/.test(line))).toHaveLength(
        1,
      )
      // The lead's form saves with a PATCH of the lead: Enter must not send one.
      expect(sent.filter((line) => /^PATCH .*\/api\/lead\/\d+(\?|$)/.test(line))).toEqual([])
    },
    STEP_MS,
  )

  it(
    'withdraws the do-not-contact request when the customer asks to hear from the store again',
    async () => {
      const james = await leadId(staff, 'james.carter@example.com')
      await openLead(staff, james)
      const banner = desk(staff).getByRole('status').filter({ hasText: 'Do not contact' })
      await banner.getByRole('button', { name: 'Withdraw the request…' }).click()
      const group = banner.getByRole('group', { name: 'Withdraw do-not-contact' })
      // Not without a reason: the button waits for one.
      expect(await group.getByRole('button', { name: 'Withdraw', exact: true }).isDisabled()).toBe(
        true,
      )
      await group
        .locator('input[name="withdrawReason"]')
        .fill('Called in today: wants offers again')
      const reloaded = staff.waitForEvent('load', { timeout: 30_000 })
      await group.getByRole('button', { name: 'Withdraw', exact: true }).click()
      await reloaded
      await deskReady(staff)
      expect(
        await desk(staff).getByRole('status').filter({ hasText: 'Do not contact' }).count(),
      ).toBe(0)
      const types = await staff
        .getByRole('form', { name: 'Log activity' })
        .locator('select[name="type"] option')
        .allInnerTexts()
      expect(types).toContain('Outbound Phone Call')
      const [request] = (
        await admin.api(staff, `/do-not-contact?where[lead][equals]=${james}&depth=0`)
      ).docs
      expect(request).toMatchObject({
        withdrawnBy: expect.stringContaining('Sam Rivera'),
        withdrawnReason: 'Called in today: wants offers again',
      })
    },
    STEP_MS,
  )

  it(
    'lets another staff user take a lead from the rota',
    async () => {
      const adminPage = await admin.pageAs(admin.admin.email)
      const priya = await leadId(adminPage, 'priya.shah@example.com')
      await openLead(adminPage, priya)
      const assignee = desk(adminPage).locator('[data-desk="assignee"]')
      expect(await assignee.innerText()).toBe('Sam Rivera')
      const reloaded = adminPage.waitForEvent('load', { timeout: 30_000 })
      await desk(adminPage).getByRole('button', { name: 'Take this lead' }).click()
      await reloaded
      await deskReady(adminPage)
      const me = (await admin.api(adminPage, '/users/me')).user
      expect(await desk(adminPage).locator('[data-desk="assignee"]').innerText()).toBe(
        me.name || me.email,
      )
      // Sam, on the rota, is offered to hand it back to.
      await desk(adminPage).getByLabel('Hand over to').selectOption({ label: 'Sam Rivera' })
      const back = adminPage.waitForEvent('load', { timeout: 30_000 })
      await desk(adminPage).getByRole('button', { name: 'Hand over' }).click()
      await back
      await deskReady(adminPage)
      expect(await desk(adminPage).locator('[data-desk="assignee"]').innerText()).toBe('Sam Rivera')
    },
    STEP_MS,
  )
})

describe('the lead page without an answer from the service', () => {
  it(
    'Log activity says the service could not be reached, records nothing, and can be retried',
    async () => {
      const lead = await leadId(staff, 'maria.gonzalez@example.com')
      const count = async () =>
        (await admin.api(staff, `/leadEvents?where[lead][equals]=${lead}&limit=1`)).totalDocs
      const before = await count()
      await openLead(staff, lead)
      const activity = `**/api/lead/${lead}/activity`
      await staff.route(activity, (route) => route.abort('internetdisconnected'))
      expect(await logActivity(staff, { type: 'Customer Call' })).toBe(
        'The service could not be reached. Check the connection and try again.',
      )
      const form = staff.getByRole('form', { name: 'Log activity' })
      expect(await form.getByRole('button', { name: 'Log activity' }).isEnabled()).toBe(true)
      await staff.unroute(activity)
      expect(await count()).toBe(before)
      // Once the connection is back, the same click records the call and reloads the page.
      const reloaded = staff.waitForEvent('load', WAIT)
      await form.getByRole('button', { name: 'Log activity' }).click()
      await reloaded
      expect(await count()).toBe(before + 1)
    },
    STEP_MS,
  )
})
