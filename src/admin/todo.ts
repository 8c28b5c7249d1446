/**
 * The dashboard's to-do list: what needs doing now, each list read as the viewer (so a list the
 * viewer may not read is left out, and scoped roles see their own records only), its first few
 * records linked and the whole list one click away.
 */
import { type CollectionSlug, type Payload, type TypedUser, type Where } from 'payload'

import { owedNotices } from '@/compliance/adverseAction/notices'
import { unlessForbidden } from '@/errors'
import { APPOINTMENT_STATUSES } from '@/fields/appointmentValues'
import { STILL_WORKED } from '@/leadDesk/pipeline'
import { listHref } from '@/lib/adminHref'
import { isRecord } from '@/lib/isRecord'
import { HOLD_STATUSES } from '@/providers'

import { mayCall } from '../../access/policy'
import { COUNT_CAP, viewerCounts } from './counts'

const SHOWN = 5
const HOUR = 60 * 60 * 1000
const STATUS_LABELS = new Map<string, string>(Object.entries(APPOINTMENT_STATUSES))

/** A moment is written in the viewer's locale by the page, so it is kept apart from the words. */
export type TodoItem = {
  href: string
  label: string
  note?: string
  times: { label: string; value: string }[]
}
/** `total` is capped (./counts.ts): past COUNT_CAP, the list is longer than it says. */
export type TodoList = { href: string; items: TodoItem[]; title: string; total: number }

type Source = {
  /** The endpoint of the action the list is for: shown only to whoever may take it. */
  action?: string
  collection: CollectionSlug
  describe: (doc: Record<string, unknown>) => Omit<TodoItem, 'href'>
  /** Where an item opens, when not its own record: a lead's appointment or task, on its desk. */
  open?: (doc: Record<string, unknown>) => string
  sort: string
  title: string
  where: Where
}

/** A lead's record opens on the lead's desk, where it is marked or closed in one click. */
const onItsLead = (doc: Record<string, unknown>) => `/admin/collections/lead/${String(doc.lead)}`

/** A lead in the trash is not worked: its appointments and tasks wait with it. */
const LEAD_NOT_TRASHED: Where = { 'lead.deletedAt': { exists: false } }

const times = (...pairs: [string, unknown][]) =>
  pairs.flatMap(([label, value]) => (typeof value === 'string' ? [{ label, value }] : []))

/** The lists, as `user` would have them at `now`. */
export const todoSources = (user: TypedUser, now: Date): Source[] => [
  {
    collection: 'lead',
    describe: (lead) => ({
      label: String(lead.title || `Lead ${lead.id}`),
      note: typeof lead.currentStatus === 'string' ? lead.currentStatus : undefined,
      times: times(['due', lead.followUpDue]),
    }),
    sort: 'followUpDue',
    title: 'My leads due now',
    where: {
      and: [
        { assignee: { equals: user.id } },
        { followUpDue: { less_than_equal: now.toISOString() } },
        ...STILL_WORKED,
      ],
    },
  },
  {
    collection: 'lead',
    describe: (lead) => ({
      label: String(lead.title || `Lead ${lead.id}`),
      times: times(['came in', lead.createdAt], ['escalated', lead.escalatedAt]),
    }),
    sort: 'createdAt',
    title: 'Uncontacted leads past their time',
    where: {
      and: [
        { escalatedAt: { exists: true } },
        { firstContactedAt: { exists: false } },
        { mergedInto: { exists: false } },
      ],
    },
  },
  {
    // A lead with no location has no rota to take it: listed from the moment it comes in.
    collection: 'lead',
    describe: (lead) => ({
      label: String(lead.title || `Lead ${lead.id}`),
      note: lead.location ? undefined : 'no location',
      times: times(['came in', lead.createdAt]),
    }),
    sort: 'createdAt',
    title: 'Leads without an assignee',
    where: { and: [{ assignee: { exists: false } }, ...STILL_WORKED] },
  },
  {
    // The next day's appointments still to happen, and any begun in the last hour: a window, not
    // "today", which would need the dealership's zone.
    collection: 'lead-appointment',
    describe: (appointment) => ({
      label: String(appointment.title || `Appointment ${appointment.id}`),
      note: STATUS_LABELS.get(String(appointment.status)),
      times: times(['at', appointment.startsAt]),
    }),
    open: onItsLead,
    sort: 'startsAt',
    title: 'Appointments in the next 24 hours',
    where: {
      and: [
        { status: { in: ['set', 'confirmed'] } },
        { startsAt: { greater_than_equal: new Date(now.getTime() - HOUR).toISOString() } },
        { startsAt: { less_than: new Date(now.getTime() + 24 * HOUR).toISOString() } },
        LEAD_NOT_TRASHED,
      ],
    },
  },
  {
    collection: 'lead-task',
    describe: (task) => ({
      label: String(task.title || `Task ${task.id}`),
      times: times(['due', task.dueAt]),
    }),
    open: onItsLead,
    sort: 'dueAt',
    title: 'Tasks due now',
    where: {
      and: [
        { status: { equals: 'open' } },
        { dueAt: { less_than_equal: now.toISOString() } },
        LEAD_NOT_TRASHED,
      ],
    },
  },
  {
    collection: 'credit-app',
    describe: (app) => {
      const submission = isRecord(app.providerSubmission) ? app.providerSubmission : {}
      // The configuration error is read by admins only; others get the plain message.
      const why = submission.configuration ?? submission.message
      return {
        label: String(app.title || app.id),
        note: `${String(submission.status)}${why ? `: ${String(why)}` : ''}`,
        times: times(['updated', app.updatedAt]),
      }
    },
    sort: '-updatedAt',
    title: 'Credit apps needing attention',
    // Failed or rejected, or held until someone records an authorization or reviews a match.
    where: { 'providerSubmission.status': { in: ['failed', 'rejected', ...HOLD_STATUSES] } },
  },
  {
    collection: 'consumer-requests',
    describe: (request) => ({
      label: String(
        request.title || `${request.kind === 'deletion' ? 'Deletion' : 'Access'} request`,
      ),
      note:
        typeof request.answerBy === 'string' && request.answerBy < now.toISOString()
          ? 'overdue'
          : request.status === 'received' &&
              typeof request.confirmBy === 'string' &&
              request.confirmBy < now.toISOString()
            ? 'receipt not confirmed in time'
            : String(request.status),
      times: times(
        ['confirm by', request.status === 'received' ? request.confirmBy : undefined],
        ['answer by', request.answerBy],
      ),
    }),
    sort: 'answerBy',
    title: 'Consumer requests due',
    where: { status: { in: ['received', 'confirmed'] } },
  },
  {
    action: 'adverse-action-notice POST /:id/deliver',
    collection: 'adverse-action-notice',
    describe: (notice) => ({
      label: String(notice.applicantName || `Notice ${notice.id}`),
      note: String(notice.kind).replace(/_/g, ' '),
      times: times(['due', notice.dueAt]),
    }),
    sort: 'dueAt',
    title: 'Adverse-action notices to deliver',
    where: owedNotices,
  },
  {
    action: 'sanctions-match POST /:id/review',
    collection: 'sanctions-match',
    describe: (match) => ({
      label: String(match.screenedName),
      note: `${String(match.listedName)} · score ${String(match.score)}`,
      times: times(['found', match.createdAt]),
    }),
    sort: 'createdAt',
    title: 'Possible sanctions matches to review',
    where: { status: { equals: 'pending' } },
  },
  {
    collection: 'deal',
    describe: (deal) => ({
      label: String(deal.title || deal.id),
      times: times(['created', deal.createdAt]),
    }),
    sort: '-createdAt',
    title: 'Deals without a bid',
    where: { currentBidPrice: { exists: false } },
  },
]

export const todoLists = async (
  payload: Payload,
  user: TypedUser,
  now = new Date(),
): Promise<TodoList[]> => {
  // A dealer reads its notices and matches, but delivering and reviewing are house staff's.
  const shown = todoSources(user, now).filter(({ action }) => !action || mayCall(user, action))
  const [[totals], firsts] = await Promise.all([
    viewerCounts(payload, user, [
      shown.map(({ collection, where }) => ({ cap: COUNT_CAP, collection, where })),
    ]),
    Promise.all(
      shown.map(({ collection, sort, where }) =>
        unlessForbidden(
          payload.find({
            collection,
            depth: 0,
            limit: SHOWN,
            overrideAccess: false,
            pagination: false,
            sort,
            user,
            where,
          }),
        ),
      ),
    ),
  ])
  // A list the viewer may not read is left out.
  return shown.flatMap(({ collection, describe, open, title, where }, n) => {
    const total = totals[n]
    const docs = firsts[n]?.docs
    if (total === null || !docs) return []
    return [
      {
        href: listHref(collection, where),
        items: docs.map((doc) => ({
          ...describe({ ...doc }),
          href: open?.({ ...doc }) ?? `/admin/collections/${collection}/${doc.id}`,
        })),
        title,
        total,
      },
    ]
  })
}
