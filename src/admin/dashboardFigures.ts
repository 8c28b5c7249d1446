/**
 * The figures of the admin dashboard (src/admin/Dashboard.tsx): where the pipeline stands today
 * and this week, and the team's load and speed. Each figure is a count as Payload's count gives it
 * to the viewer (so a section the viewer may not read is left out, and counts respect access),
 * all of them in one statement (./counts.ts), with a link to the list it counts. Every count is
 * bounded by an index: a time window on `createdAt` (the index holds the columns the window
 * filters on), or a column that only a few rows hold (a status, an overdue follow-up, a missing
 * assignee), so a visit costs the same on a large database.
 */
import { type CollectionSlug, type Payload, type TypedUser, type Where } from 'payload'

import { owedNotices } from '@/compliance/adverseAction/notices'
import { unlessForbidden } from '@/errors'
import { dayStart, weekStart, zoneOr } from '@/leadDesk/businessHours'
import { agentFigures, openLeads, STILL_WORKED } from '@/leadDesk/pipeline'
import { listHref } from '@/lib/adminHref'
import { HOLD_STATUSES } from '@/providers'

import { companyOf } from '../../access/dealer'
import { COUNT_CAP, viewerCounts } from './counts'

/** A `capped` figure is a queue's, counted up to COUNT_CAP (./counts.ts). */
export type Figure = { capped?: true; href: string; label: string; value: number }
export type Section = { figures: Figure[]; title: string }

const DAY_MS = 86_400_000

/** Today and this week (from Monday) as the dealership's clock has them, and the last 24 hours. */
export const windows = (now: Date, timeZone = 'UTC') => ({
  day: new Date(now.getTime() - DAY_MS),
  today: dayStart(now, timeZone),
  week: weekStart(now, timeZone),
})

export type DashboardDay = ReturnType<typeof windows> & { now: Date; timeZone: string }

/**
 * The viewer's day: in their dealership's time zone (`company.timeZone`, as they may read it),
 * so a Pacific store's "today" does not end at 4 PM; UTC for whoever has none.
 */
export const dashboardDay = async (
  payload: Payload,
  user: TypedUser,
  now = new Date(),
): Promise<DashboardDay> => {
  const company = companyOf(user)
  const found = company
    ? await payload.findByID({
        collection: 'company',
        depth: 0,
        disableErrors: true,
        id: company,
        overrideAccess: false,
        select: { timeZone: true },
        user,
      })
    : null
  const timeZone = zoneOr(found?.timeZone)
  return { ...windows(now, timeZone), now, timeZone }
}

/** A queue's figure (`capped`) is counted up to COUNT_CAP (./counts.ts); a window's, exactly. */
type Count = { capped?: true; collection: CollectionSlug; label: string; where: Where }

const since = (date: Date): Where => ({ createdAt: { greater_than_equal: date.toISOString() } })

/** What the dashboard counts, by section, in the viewer's day. */
export const figureCounts = ({
  day,
  now,
  today,
  week,
}: Omit<DashboardDay, 'timeZone'>): { counts: Count[]; title: string }[] => {
  const section = (title: string, counts: Count[]) => ({ counts, title })
  const submission = (status: string): Count => ({
    collection: 'credit-app',
    label: `Submissions ${status}`,
    where: { 'providerSubmission.status': { equals: status } },
  })
  return [
    section('Leads', [
      { collection: 'lead', label: 'New leads today', where: since(today) },
      { collection: 'lead', label: 'New leads this week', where: since(week) },
      {
        capped: true,
        collection: 'lead',
        label: 'Follow-ups overdue',
        where: { and: [{ followUpDue: { less_than: now.toISOString() } }, ...STILL_WORKED] },
      },
      {
        capped: true,
        collection: 'lead',
        label: 'Leads without an assignee',
        where: { and: [{ assignee: { exists: false } }, ...STILL_WORKED] },
      },
    ]),
    section('Lead events', [
      { collection: 'leadEvents', label: 'Lead events today', where: since(today) },
      { collection: 'leadEvents', label: 'Lead events this week', where: since(week) },
      {
        collection: 'leadEvents',
        label: 'Customers interested this week',
        where: { and: [since(week), { status: { equals: 'Customer Interested' } }] },
      },
    ]),
    section('Credit apps', [
      { collection: 'credit-app', label: 'Credit apps this week', where: since(week) },
      submission('queued'),
      submission('retrying'),
      submission('failed'),
      submission('rejected'),
      ...HOLD_STATUSES.map(submission),
    ]),
    section('Adverse action', [
      {
        collection: 'adverse-action-notice',
        label: 'Notices due',
        where: {
          and: [owedNotices, { dueAt: { greater_than_equal: now.toISOString() } }],
        },
      },
      {
        collection: 'adverse-action-notice',
        label: 'Notices overdue',
        where: {
          and: [owedNotices, { dueAt: { less_than: now.toISOString() } }],
        },
      },
    ]),
    section('Sanctions screening', [
      {
        collection: 'sanctions-match',
        label: 'Matches awaiting review',
        where: { status: { equals: 'pending' } },
      },
    ]),
    section('Deals', [
      { collection: 'deal', label: 'Deals this week', where: since(week) },
      {
        collection: 'deal',
        label: 'This week without a bid',
        where: { and: [since(week), { currentBidPrice: { exists: false } }] },
      },
    ]),
    section('Errors', [
      { collection: 'errors', label: 'Error records, last 24 h', where: since(day) },
    ]),
    section('Jobs', [
      { collection: 'payload-jobs', label: 'Jobs failed', where: { hasError: { equals: true } } },
    ]),
    section('Webhooks', [
      {
        collection: 'webhook-deliveries',
        label: 'Deliveries failed',
        where: { status: { equals: 'failed' } },
      },
      {
        collection: 'webhook-deliveries',
        label: 'Deliveries being retried',
        where: { and: [{ status: { equals: 'pending' } }, { attempts: { greater_than: 0 } }] },
      },
      {
        collection: 'webhook-endpoints',
        label: 'Endpoints disabled',
        where: { enabled: { equals: false } },
      },
    ]),
    section('Credit data', [
      {
        collection: 'audit-log',
        label: 'SSN reveals today',
        where: { and: [since(today), { action: { equals: 'reveal' } }] },
      },
    ]),
  ]
}

/** The sections, each one only if the viewer may read its collection. */
export const dashboardFigures = async (
  payload: Payload,
  user: TypedUser,
  now = new Date(),
  known?: DashboardDay,
): Promise<Section[]> => {
  const sections = figureCounts(known ?? (await dashboardDay(payload, user, now)))
  const values = await viewerCounts(
    payload,
    user,
    sections.map(({ counts }) =>
      counts.map(({ capped, collection, where }) => ({
        cap: capped ? COUNT_CAP : undefined,
        collection,
        where,
      })),
    ),
  )
  // Records the viewer may not read give no figures.
  return sections.flatMap(({ counts, title }, n) => {
    const figures = counts.map(({ capped, collection, label, where }, m) => ({
      ...(capped && { capped }),
      href: listHref(collection, where),
      label,
      value: values[n][m],
    }))
    return figures.every((figure): figure is Figure => figure.value !== null)
      ? [{ figures, title }]
      : []
  })
}

export type AgentRow = {
  /** The agent's open leads, as a list. */
  href: string
  medianMinutes: null | number
  contacted: number
  name: string
  open: number
}

/**
 * Per agent, as the viewer may read leads: open leads and the median first-contact time of this
 * week's leads; null when the viewer may not read leads. Agents are named as the viewer may read
 * users (a dealer, its own people and the house's).
 */
export const teamFigures = async (
  payload: Payload,
  user: TypedUser,
  { now, week }: DashboardDay,
): Promise<AgentRow[] | null> => {
  const agents = await unlessForbidden(agentFigures(payload, user, { now, week }))
  if (!agents) return null
  const { docs } = await payload.find({
    collection: 'users',
    depth: 0,
    overrideAccess: false,
    pagination: false,
    select: { title: true },
    user,
    where: { id: { in: agents.map(({ agent }) => agent) } },
  })
  const names = new Map(docs.map((doc) => [doc.id, doc.title]))
  return agents.map(({ agent, contacted, medianMinutes, open }) => ({
    contacted,
    href: listHref('lead', { and: [{ assignee: { equals: agent } }, ...openLeads(now)] }),
    medianMinutes,
    name: names.get(agent) || `Staff user ${agent}`,
    open,
  }))
}
