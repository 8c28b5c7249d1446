import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook, PayloadRequest, Where } from 'payload'

import { transactionDb } from '@/db/transaction'
import { ClientError } from '@/errors'
import { byWhomFor } from '@/fields/actors'
import { isOutbound } from '@/fields/leadEventValues'

import type { Lead, LeadEvent } from '../../payload-types'
import { idOf } from './ids'

/** How a time reads in a refusal: minutes, UTC. */
export const readableTime = (at: Date | string): string =>
  `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** Who is recording something: a staff user by name and e-mail, or an API client by name. */
export const whoRecords = (user: PayloadRequest['user']): string => {
  if (user?.collection === 'users') return user.name ? `${user.name} <${user.email}>` : user.email
  if (user?.collection === 'api-clients') return `API client "${user.name}"`
  return 'the service'
}

/** Requests that still stand: a withdrawn one is kept as history, and refuses nothing. */
export const standing: Where = { withdrawnAt: { exists: false } }

/** The requests of one person (their consumer's, or the lead's when it names none). */
export const requestsOf = (lead: number, consumer: string | undefined): Where =>
  consumer
    ? { or: [{ lead: { equals: lead } }, { consumer: { equals: consumer } }] }
    : { lead: { equals: lead } }

/**
 * The first request of one person that still stands, if any: as the service reads it, or as
 * `req`'s caller does (`asCaller`).
 */
export const firstStanding = async (
  req: PayloadRequest,
  lead: number,
  consumer: string | undefined,
  asCaller = false,
) =>
  (
    await req.payload.find({
      collection: 'do-not-contact',
      depth: 0,
      limit: 1,
      overrideAccess: !asCaller,
      req,
      sort: 'recordedAt',
      where: { and: [requestsOf(lead, consumer), standing] },
    })
  ).docs[0]

/**
 * Holds, until the request's transaction ends, the lock of one person (their consumer, or the
 * lead when it names none): a do-not-contact request being recorded and an outbound event being
 * checked take turns, so the check sees a request that committed while it waited.
 */
export const holdPerson = async (
  req: PayloadRequest,
  lead: number,
  consumer: string | undefined,
) => {
  const db = await transactionDb(req)
  const key = consumer ? `do-not-contact consumer ${consumer}` : `do-not-contact lead ${lead}`
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

/**
 * A `Customer DNC Request` event: recorded as a do-not-contact request of the lead and its
 * consumer, and shown on every lead of that consumer (the first request's time and author).
 */
export const recordDoNotContact = async (req: PayloadRequest, event: LeadEvent, lead: number) => {
  // A lead in the trash still names its person (and may be restored): it counts here too.
  const { consumer } = await req.payload.findByID({
    collection: 'lead',
    depth: 0,
    id: lead,
    req,
    select: { consumer: true },
    trash: true,
  })
  const consumerId = idOf(consumer)
  await holdPerson(req, lead, consumerId)
  const marked = {
    at: event.createdAt,
    by: whoRecords(req.user),
    event: event.id,
  }
  await req.payload.create({
    collection: 'do-not-contact',
    data: {
      consumer: idOf(consumer),
      event: event.id,
      lead,
      recordedAt: marked.at,
      recordedBy: marked.by,
    },
    depth: 0,
    req,
  })
  await req.payload.update({
    collection: 'lead',
    data: { doNotContact: marked },
    depth: 0,
    req,
    trash: true,
    where: {
      and: [
        consumerId
          ? { or: [{ id: { equals: lead } }, { consumer: { equals: consumerId } }] }
          : { id: { equals: lead } },
        { 'doNotContact.at': { exists: false } },
      ],
    },
  })
}

/**
 * beforeChange on leads: a lead made for (or moved to) a consumer who already asked not to be
 * contacted is marked as that consumer's other leads are, so it is neither escalated nor due.
 */
export const inheritDoNotContact: CollectionBeforeChangeHook<Lead> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const consumer = idOf(data.consumer)
  if (!consumer || originalDoc?.doNotContact?.at) return data
  if (operation === 'update' && consumer === idOf(originalDoc?.consumer)) return data
  // Takes its turn with a request or withdrawal of this consumer being recorded.
  await holdPerson(req, 0, consumer)
  const { docs } = await req.payload.find({
    collection: 'do-not-contact',
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    sort: 'recordedAt',
    where: { and: [{ consumer: { equals: consumer } }, standing] },
  })
  const request = docs[0]
  if (!request) return data
  return {
    ...data,
    doNotContact: { at: request.recordedAt, by: request.recordedBy, event: idOf(request.event) },
  }
}

/** The do-not-contact request standing for a lead (its own, or its consumer's), if any. */
export const standingRequest = async (req: PayloadRequest, lead: number) => {
  const found = await req.payload.findByID({
    collection: 'lead',
    depth: 0,
    disableErrors: true,
    id: lead,
    req,
    select: { consumer: true, title: true },
    trash: true,
  })
  if (!found) return undefined
  const consumer = idOf(found.consumer)
  await holdPerson(req, lead, consumer)
  const request = await firstStanding(req, lead, consumer)
  return request ? { lead: found, request } : undefined
}

/**
 * Refuses (409) an outbound type or status for a lead whose customer asked not to be contacted,
 * saying when and by whom the request was recorded.
 */
export const refuseIfDoNotContact = async (
  req: PayloadRequest,
  lead: number | undefined,
  values: (null | string | undefined)[],
) => {
  const value = values.find(isOutbound)
  if (!lead || !value) return
  const standing = await standingRequest(req, lead)
  if (!standing) return
  const { request } = standing
  const who = standing.lead.title || `lead ${lead}`
  // One clause after the colon: the admin UI's toast splits a message at its commas.
  throw new ClientError(
    `Do not contact: ${who} asked not to be contacted (request recorded ${readableTime(
      request.recordedAt ?? request.createdAt,
    )}${byWhomFor(req, request.recordedBy)}); "${value}" cannot be recorded.`,
    409,
  )
}
