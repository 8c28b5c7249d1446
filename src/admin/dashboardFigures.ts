/**
 * The figures of the admin dashboard (src/admin/Dashboard.tsx): where the pipeline stands today
 * and this week. Each figure is a count through the Local API as the viewer (so a section the
 * viewer may not read is left out, and counts respect access) with a link to the list it counts.
 * Every count is bounded by an index: a time window on `createdAt`, or a status column that only
 * a few rows hold, so a visit costs the same on a large database.
 */
import type { CollectionSlug, Payload, TypedUser, Where } from 'payload'

import { unlessForbidden } from '@/errors'
import { listHref } from '@/lib/adminHref'

export type Figure = { href: string; label: string; value: number }
export type Section = { figures: Figure[]; title: string }

const DAY_MS = 86_400_000

/** The start of today and of the week (Monday), in UTC. */
export const windows = (now: Date) => {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const week = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS)
  return { day: new Date(now.getTime() - DAY_MS), today, week }
}

type Count = { collection: CollectionSlug; label: string; where: Where }

const since = (date: Date): Where => ({ createdAt: { greater_than_equal: date.toISOString() } })

/** The sections, each one only if the viewer may read its collection. */
export const dashboardFigures = async (
  payload: Payload,
  user: TypedUser,
  now = new Date(),
): Promise<Section[]> => {
  const { day, today, week } = windows(now)
  const count = async ({ collection, label, where }: Count): Promise<Figure> => ({
    href: listHref(collection, where),
    label,
    value: (await payload.count({ collection, overrideAccess: false, user, where })).totalDocs,
  })
  // Records the viewer may not read give no figures.
  const section = async (title: string, counts: Count[]): Promise<null | Section> =>
    unlessForbidden(Promise.all(counts.map(count)).then((figures): Section => ({ figures, title })))
  const submission = (status: string): Count => ({
    collection: 'credit-app',
    label: `Submissions ${status}`,
    where: { 'providerSubmission.status': { equals: status } },
  })
  const sections = await Promise.all([
    section('Leads', [
      { collection: 'lead', label: 'New leads today', where: since(today) },
      { collection: 'lead', label: 'New leads this week', where: since(week) },
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
    ]),
    section('Adverse action', [
      {
        collection: 'adverse-action-notice',
        label: 'Notices due',
        where: {
          and: [
            { deliveredAt: { exists: false } },
            { dueAt: { greater_than_equal: now.toISOString() } },
          ],
        },
      },
      {
        collection: 'adverse-action-notice',
        label: 'Notices overdue',
        where: {
          and: [{ deliveredAt: { exists: false } }, { dueAt: { less_than: now.toISOString() } }],
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
  ])
  return sections.filter((found): found is Section => found !== null)
}
