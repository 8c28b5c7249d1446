/**
 * What a lead's row on the leads list flags at a glance: do-not-contact, escalated, a follow-up
 * that is overdue, new (not contacted yet), merged. Worked out from the row alone, so the list
 * needs no query per row.
 */
import type { Lead } from '../../payload-types'

export type LeadFlag = { label: string; tone: 'late' | 'new' | 'stop' | 'quiet' }

type Row = Pick<
  Lead,
  'createdAt' | 'doNotContact' | 'escalatedAt' | 'firstContactedAt' | 'followUpDue' | 'mergedInto'
>

export const leadFlags = (lead: Partial<Row>, now: Date): LeadFlag[] => {
  if (lead.mergedInto) return [{ label: 'Merged', tone: 'quiet' }]
  // Nothing on such a lead invites contact: it is neither new, escalated nor due.
  if (lead.doNotContact?.at) return [{ label: 'Do not contact', tone: 'stop' }]
  const flags: LeadFlag[] = []
  if (lead.escalatedAt && !lead.firstContactedAt) flags.push({ label: 'Escalated', tone: 'late' })
  else if (!lead.firstContactedAt) flags.push({ label: 'New', tone: 'new' })
  if (lead.followUpDue && new Date(lead.followUpDue).getTime() < now.getTime())
    flags.push({ label: 'Follow-up overdue', tone: 'late' })
  return flags
}

const HOUR = 3_600_000

/** How long ago a lead came in, as a desk says it: "12 min", "5 h", "3 d". */
export const leadAge = (createdAt: null | string | undefined, now: Date): string => {
  if (!createdAt) return ''
  const ms = Math.max(0, now.getTime() - new Date(createdAt).getTime())
  if (ms < HOUR) return `${Math.floor(ms / 60_000)} min`
  if (ms < 48 * HOUR) return `${Math.floor(ms / HOUR)} h`
  return `${Math.floor(ms / (24 * HOUR))} d`
}
