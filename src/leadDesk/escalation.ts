/**
 * Speed-to-lead: a lead with no outbound or answered event within LEAD_CONTACT_MINUTES of its
 * location's business hours is escalated: marked (shown on the dashboard) and e-mailed to the
 * location's manager. The job runner sweeps every LEAD_ESCALATION_CHECK_SECONDS. A lead is marked
 * by one conditional UPDATE and e-mailed in the same transaction: however many sweeps overlap, it
 * is e-mailed once (the others wait on its row, then find it marked), and a mail refused or a
 * process stopped before the commit leaves it unmarked for the next sweep (twice only if the
 * process dies between the mail and the commit).
 */
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { drizzleOf } from '@/db/adapter'
import { port, serverURL, settings } from '@/lib/settings'

import type { Lead, Location } from '../../payload-types'
import { addBusinessMinutes } from './businessHours'
import { idOf } from './ids'

const MINUTE = 60_000

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`)

const leadLink = (lead: number) =>
  `${serverURL() || `http://localhost:${port()}`}/admin/collections/lead/${lead}`

/** When a lead is due for its first contact, by its location's business hours. */
export const contactDeadline = (
  createdAt: string,
  desk: Location['desk'] | undefined,
  minutes = settings('leadDesk').LEAD_CONTACT_MINUTES,
): Date =>
  addBusinessMinutes(new Date(createdAt), minutes, {
    hours: desk?.hours,
    timeZone: desk?.timeZone,
  })

type Candidate = Pick<Lead, 'createdAt' | 'id' | 'location' | 'source' | 'title'>

const escalationMail = (lead: Candidate, minutes: number, to: string) => {
  const name = lead.title || `Lead ${lead.id}`
  const link = leadLink(lead.id)
  return {
    html: [
      `<p>${escape(name)} (lead ${lead.id}, from ${escape(lead.source ?? 'an unknown source')}) came in at ${new Date(lead.createdAt).toUTCString()} and has not been contacted within ${minutes} business minutes.</p>`,
      `<p><a href="${escape(link)}">${escape(link)}</a></p>`,
    ].join('\n'),
    subject: `Lead not contacted in time: ${name}`,
    to,
  }
}

/**
 * Marks the lead escalated unless it was already, or was contacted meanwhile, and runs `tell`
 * before the mark commits (a `tell` that throws undoes it); true if it marked the lead.
 */
const markAndTell = (
  payload: Payload,
  lead: number,
  now: Date,
  tell: () => Promise<unknown>,
): Promise<boolean> =>
  drizzleOf(payload).transaction(async (tx) => {
    const { rows } = await tx.execute(
      sql`UPDATE lead SET escalated_at = ${now.toISOString()}
          WHERE id = ${lead} AND escalated_at IS NULL AND first_contacted_at IS NULL
            AND merged_into_id IS NULL
          RETURNING id`,
    )
    if (!rows.length) return false
    await tell()
    return true
  })

/** One sweep: escalates every lead past its contact deadline at `now`; returns their ids. */
export const escalateOverdueLeads = async (
  payload: Payload,
  now = new Date(),
): Promise<number[]> => {
  const minutes = settings('leadDesk').LEAD_CONTACT_MINUTES
  // Business time never runs faster than the clock: younger leads cannot be due yet. Every
  // candidate is read (only what the check and the mail need), not a window of the oldest: a
  // backlog at a closed store, not due until it opens, must not hide overdue leads elsewhere.
  const { docs } = await payload.find({
    collection: 'lead',
    depth: 0,
    pagination: false,
    select: { createdAt: true, location: true, source: true, title: true },
    sort: 'createdAt',
    where: {
      and: [
        {
          createdAt: { less_than_equal: new Date(now.getTime() - minutes * MINUTE).toISOString() },
        },
        { firstContactedAt: { exists: false } },
        { escalatedAt: { exists: false } },
        { 'doNotContact.at': { exists: false } },
        { mergedInto: { exists: false } },
      ],
    },
  })
  const locations = new Map<string, Location | null>()
  const locationOf = async (id: string | undefined) => {
    if (!id) return null
    if (!locations.has(id))
      locations.set(
        id,
        await payload.findByID({ collection: 'location', depth: 0, disableErrors: true, id }),
      )
    return locations.get(id) ?? null
  }
  const escalated: number[] = []
  for (const lead of docs) {
    const location = await locationOf(idOf(lead.location))
    if (contactDeadline(lead.createdAt, location?.desk, minutes) > now) continue
    const manager = location?.desk?.managerEmail
    try {
      const tell = async () => {
        if (manager) await payload.sendEmail(escalationMail(lead, minutes, manager))
      }
      if (await markAndTell(payload, lead.id, now, tell)) escalated.push(lead.id)
    } catch (error) {
      // Left unmarked, the next sweep tries again: the manager hears of it once it can be sent.
      payload.logger.warn({ err: error, lead: lead.id }, 'lead escalation e-mail not sent')
    }
  }
  if (escalated.length) payload.logger.info({ leads: escalated }, 'leads escalated')
  return escalated
}
