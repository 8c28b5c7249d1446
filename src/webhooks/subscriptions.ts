/**
 * Which enabled endpoints subscribe to which events, kept per process: the outbox asks on every
 * announced change, and endpoints change seldom. Every change to an endpoint (create, update,
 * enable or disable, secret rotation, delete) is announced in its transaction, and every process
 * forgets the list when the change commits (src/db/changeNotices.ts); a process that does not
 * hear the notices reads the list afresh on each write.
 */
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { changeChannel } from '@/db/changeNotices'

import type { EventType } from './events'

type Subscriber = { events: EventType[]; id: number }

let cached: null | Subscriber[] = null
/** Counts forgettings: a list read while one happened may be stale, and is not kept. */
let generation = 0

const forget = () => {
  cached = null
  generation += 1
}

export const endpointChanges = changeChannel('webhook_endpoints_changed', {
  changed: forget,
  reset: forget,
})

/** Read in the write's transaction, on the primary: a replica may trail a change just heard of. */
const enabledEndpoints = async (req: PayloadRequest): Promise<Subscriber[]> =>
  (
    await req.payload.find({
      collection: 'webhook-endpoints',
      depth: 0,
      pagination: false,
      req,
      select: { events: true },
      where: { enabled: { equals: true } },
    })
  ).docs.map(({ events, id }) => ({ events: events ?? [], id }))

/** Enabled endpoints subscribed to any of `types`, with what each is subscribed to. */
export const subscribers = async (
  req: PayloadRequest,
  types: EventType[],
): Promise<Subscriber[]> => {
  // A write that changed an endpoint itself sees its own uncommitted change, which no other
  // transaction may be given.
  const usable = endpointChanges.heard() && !req.context.webhookEndpointsChanged
  let all = usable ? cached : null
  if (!all) {
    const seen = generation
    all = await enabledEndpoints(req)
    if (usable && seen === generation) cached = all
  }
  return all.filter(({ events }) => events.some((type) => types.includes(type)))
}

const announce = async (req: PayloadRequest, id: number | string) => {
  req.context.webhookEndpointsChanged = true
  await endpointChanges.announce(req, String(id))
}

/** afterChange of webhook endpoints: every process reads the subscriptions again. */
export const announceEndpointChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  await announce(req, doc.id)
  return doc
}

export const announceEndpointDelete: CollectionAfterDeleteHook = async ({ id, req }) => {
  await announce(req, id)
}
