/**
 * What the lead page's desk panel shows (GET /api/lead/:id/desk): the lead's state, its timeline
 * of lead events, VDP e-mails and staff notes (newest first), its appointments (by time), its tasks (open ones first) and its consumer's other leads, each read as the
 * caller, with the names of the staff users it mentions.
 */
import type { PayloadRequest } from 'payload'

import { unlessForbidden } from '@/errors'

import { isDealer } from '../../access/dealer'
import { mayCall } from '../../access/policy'
import type { Lead, LeadAppointment, LeadEvent, LeadNote, LeadTask } from '../../payload-types'
import { mayUpdateLead } from './access'
import { firstStanding } from './doNotContact'
import { contactDeadline } from './escalation'
import { idOf } from './ids'

const TIMELINE_LIMIT = 100
const OTHER_LEADS_LIMIT = 20

export type Person = { email?: string; id: number; name: string }

export type TimelineItem =
  | {
      at: string
      by: null | Person
      current: boolean
      id: number
      kind: 'event'
      nextSteps: null | string
      status: null | string
      type: null | string
    }
  | { at: string; by: null | Person; id: number; kind: 'vdpEmail'; vinCount: null | string }
  | { at: string; body: string; by: null | Person; id: number; kind: 'note' }

export type DeskAppointment = {
  by: null | Person
  id: number
  kind: string
  note: null | string
  startsAt: string
  status: string
}

export type DeskTask = {
  by: null | Person
  dueAt: string
  id: number
  status: string
  /** Who ticked it off or cancelled it; null while it is open. */
  closedBy: null | Person
  what: string
}

export type DeskView = {
  appointments: DeskAppointment[]
  canEdit: boolean
  consumer: null | string
  contactDue: null | string
  current: null | TimelineItem
  lead: Pick<
    Lead,
    | 'currentStatus'
    | 'doNotContact'
    | 'escalatedAt'
    | 'firstContactedAt'
    | 'followUpDue'
    | 'id'
    | 'mergedAt'
    | 'title'
  > & { assignee: null | Person; mergedInto: null | number }
  me: null | number
  otherLeads: {
    assignee: null | Person
    createdAt: string
    currentStatus: null | string
    id: number
    title: null | string
  }[]
  rota: Person[]
  tasks: DeskTask[]
  timeline: TimelineItem[]
  /** The standing do-not-contact request the viewer may withdraw, when there is one. */
  withdrawable: null | number
}

/**
 * Names of staff users by id (staff may read only their own user record, but see colleagues' names
 * here); their e-mail addresses only for staff, not for API clients.
 */
const peopleOf = async (req: PayloadRequest, ids: (number | undefined)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))]
  if (!wanted.length) return () => null
  const { docs } = await req.payload.find({
    collection: 'users',
    depth: 0,
    limit: wanted.length,
    pagination: false,
    req,
    select: { email: true, name: true },
    where: { id: { in: wanted } },
  })
  // House staff see colleagues' addresses; a dealer sees names only, as its user reads allow.
  const house = req.user?.collection === 'users' && !isDealer(req.user)
  const byId = new Map(
    docs.map((user) => [
      user.id,
      {
        ...(house ? { email: user.email } : {}),
        id: user.id,
        name: user.name || (house ? user.email : `Staff user ${user.id}`),
      },
    ]),
  )
  return (id: number | undefined): null | Person => (id ? (byId.get(id) ?? null) : null)
}

const asCaller = { depth: 0, overrideAccess: false } as const

/** The first standing request of the lead's person, for a viewer who may withdraw it. */
const withdrawable = async (req: PayloadRequest, lead: Lead): Promise<null | number> => {
  if (!lead.doNotContact?.at || !mayCall(req.user, 'do-not-contact POST /:id/withdraw')) return null
  return (await firstStanding(req, lead.id, idOf(lead.consumer), true))?.id ?? null
}

export const deskView = async (req: PayloadRequest, id: number): Promise<DeskView> => {
  const { payload } = req
  const lead = await payload.findByID({ ...asCaller, collection: 'lead', id, req })
  const consumer = idOf(lead.consumer) ?? null
  // The lead's records a caller may be refused (a lead agent's key: no notes), as the caller.
  const ofLead = <Slug extends 'lead-appointment' | 'lead-note' | 'lead-task' | 'vdpEmails'>(
    collection: Slug,
    sort: string | string[],
  ) =>
    unlessForbidden(
      payload.find({
        ...asCaller,
        collection,
        limit: TIMELINE_LIMIT,
        req,
        sort,
        where: { lead: { equals: id } },
      }),
    )
  const [
    events,
    currentEvents,
    emails,
    notes,
    appointments,
    tasks,
    others,
    location,
    canEdit,
    request,
  ] = await Promise.all([
    payload.find({
      ...asCaller,
      collection: 'leadEvents',
      limit: TIMELINE_LIMIT,
      req,
      sort: '-createdAt',
      where: { lead: { equals: id } },
    }),
    // Asked for on its own: on a long history the current event may be older than the timeline.
    payload.find({
      ...asCaller,
      collection: 'leadEvents',
      limit: 1,
      req,
      where: { currentStatusFor: { equals: id } },
    }),
    ofLead('vdpEmails', '-createdAt'),
    ofLead('lead-note', '-createdAt'),
    // The latest hundred by time (the upcoming among them), listed earliest first below.
    ofLead('lead-appointment', '-startsAt'),
    // The open ones first (the status enum's order), so old closed ones never crowd them out.
    ofLead('lead-task', ['status', 'dueAt']),
    consumer
      ? payload.find({
          ...asCaller,
          collection: 'lead',
          limit: OTHER_LEADS_LIMIT,
          req,
          sort: '-createdAt',
          where: {
            and: [
              { consumer: { equals: consumer } },
              { id: { not_equals: id } },
              { mergedInto: { exists: false } },
            ],
          },
        })
      : null,
    idOf(lead.location)
      ? payload.findByID({
          collection: 'location',
          depth: 0,
          disableErrors: true,
          id: idOf(lead.location)!,
          req,
          select: { desk: true },
        })
      : null,
    mayUpdateLead(req, id),
    withdrawable(req, lead),
  ])
  const rotaIds = (location?.desk?.rota ?? []).map((user) => idOf(user))
  const person = await peopleOf(req, [
    idOf(lead.assignee),
    ...rotaIds,
    ...[...events.docs, ...currentEvents.docs].map((event) => idOf(event.createdBy)),
    ...(emails?.docs ?? []).map((email) => idOf(email.createdBy)),
    ...(notes?.docs ?? []).map((note) => idOf(note.createdBy)),
    ...(appointments?.docs ?? []).map((appointment) => idOf(appointment.createdBy)),
    ...(tasks?.docs ?? []).flatMap((task) => [idOf(task.createdBy), idOf(task.closedBy)]),
    ...(others?.docs ?? []).map((other) => idOf(other.assignee)),
  ])
  const eventItem = (event: LeadEvent): TimelineItem => ({
    at: event.createdAt,
    by: person(idOf(event.createdBy)),
    current: idOf(event.currentStatusFor) === id,
    id: event.id,
    kind: 'event',
    nextSteps: event.nextSteps ?? null,
    status: event.status ?? null,
    type: event.type ?? null,
  })
  const timeline: TimelineItem[] = [
    ...events.docs.map(eventItem),
    ...(emails?.docs ?? []).map((email): TimelineItem => ({
      at: email.createdAt,
      by: person(idOf(email.createdBy)),
      id: email.id,
      kind: 'vdpEmail',
      vinCount: email.vinCount ?? null,
    })),
    ...(notes?.docs ?? []).map((note: LeadNote): TimelineItem => ({
      at: note.createdAt,
      body: note.body,
      by: person(idOf(note.createdBy)),
      id: note.id,
      kind: 'note',
    })),
  ].sort((a, b) => b.at.localeCompare(a.at))
  return {
    appointments: [...(appointments?.docs ?? [])]
      .reverse()
      .map((appointment: LeadAppointment): DeskAppointment => ({
        by: person(idOf(appointment.createdBy)),
        id: appointment.id,
        kind: appointment.kind,
        note: appointment.note ?? null,
        startsAt: appointment.startsAt,
        status: appointment.status,
      })),
    canEdit: Boolean(canEdit),
    consumer,
    contactDue: lead.firstContactedAt
      ? null
      : contactDeadline(lead.createdAt, location?.desk).toISOString(),
    current: currentEvents.docs[0] ? eventItem(currentEvents.docs[0]) : null,
    lead: {
      assignee: person(idOf(lead.assignee)),
      currentStatus: lead.currentStatus,
      doNotContact: lead.doNotContact,
      escalatedAt: lead.escalatedAt,
      firstContactedAt: lead.firstContactedAt,
      followUpDue: lead.followUpDue,
      id: lead.id,
      mergedAt: lead.mergedAt,
      mergedInto: idOf(lead.mergedInto) ?? null,
      title: lead.title,
    },
    me: req.user?.collection === 'users' ? req.user.id : null,
    otherLeads: (others?.docs ?? []).map((other) => ({
      assignee: person(idOf(other.assignee)),
      createdAt: other.createdAt,
      currentStatus: other.currentStatus ?? null,
      id: other.id,
      title: other.title ?? null,
    })),
    rota: rotaIds.map((user) => person(user)).filter((one): one is Person => one !== null),
    // As read: open ones first, soonest due; then those done, then those cancelled.
    tasks: (tasks?.docs ?? []).map((task: LeadTask): DeskTask => ({
      by: person(idOf(task.createdBy)),
      closedBy: person(idOf(task.closedBy)),
      dueAt: task.dueAt,
      id: task.id,
      status: task.status,
      what: task.what,
    })),
    timeline,
    withdrawable: request,
  }
}
