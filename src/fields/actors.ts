/**
 * Who an actor reference names. The audit log and the trash keep who acted as a reference
 * (`users:7`, `api-clients:3`, `system`) and name it when read, each in its own words; the record
 * behind it is read here, once per request, past the caller's access: whoever may read the entry
 * is told who acted.
 */
import type { PayloadRequest } from 'payload'

import { isDealer } from '../../access/dealer'

export type Actor =
  | { id: string; kind: 'api-clients'; record: null | { name: string } }
  | { id: string; kind: 'users'; record: null | { email: string; name?: null | string } }
  | { kind: 'system' }

/** Actors read by one request, by reference: a page of entries asks once per person or client. */
const actorsByRequest = new WeakMap<PayloadRequest, Map<string, Promise<Actor>>>()

const read = async (req: PayloadRequest, reference: string): Promise<Actor> => {
  const [kind, id] = reference.split(':')
  if ((kind !== 'users' && kind !== 'api-clients') || !id) return { kind: 'system' }
  const found = { depth: 0, disableErrors: true, id, req } as const
  if (kind === 'users') {
    const user = await req.payload.findByID({
      ...found,
      collection: 'users',
      select: { email: true, name: true },
    })
    return { id, kind, record: user }
  }
  const client = await req.payload.findByID({
    ...found,
    collection: 'api-clients',
    select: { name: true },
  })
  return { id, kind, record: client }
}

/** The actor a reference names; a removed user or client has `record: null`. */
export const actorOf = (req: PayloadRequest, reference: string): Promise<Actor> => {
  let actors = actorsByRequest.get(req)
  if (!actors) actorsByRequest.set(req, (actors = new Map()))
  let actor = actors.get(reference)
  if (!actor) actors.set(reference, (actor = read(req, reference)))
  return actor
}

/**
 * " by <who recorded it>" for a refusal's text, as the caller may read it: a dealer is not told
 * house staff's e-mail (nor a key's name), so for a dealer it is left out.
 */
export const byWhomFor = (req: PayloadRequest, recordedBy: null | string | undefined): string =>
  isDealer(req.user) ? '' : ` by ${recordedBy ?? 'the service'}`
