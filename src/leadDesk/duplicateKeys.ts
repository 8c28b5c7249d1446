/** A new lead's match keys (its own values, else its consumer's), and the hook that keeps a stored lead's keys in step. */
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import type { Lead } from '../../payload-types'
import { idOf } from './ids'
import { type MatchKeys, matchKeysOf } from './matchKeys'

/** A new lead as submitted: the lead's own fields (phones beyond `phoneNumber` too, for ADF). */
export type Candidate = {
  consumer?: { id: string } | null | string
  email?: null | string
  firstName?: null | string
  lastName?: null | string
  location?: { id: string } | null | string
  phoneNumber?: null | string
  phoneNumbers?: (null | string)[]
}

/** The consumer's values a lead falls back to (no access: the service reads them to compare). */
const consumerValues = async (req: PayloadRequest, consumer: unknown) => {
  // Not yet validated (a hook's data, a submission): anything but a consumer id is no consumer.
  if (typeof consumer !== 'string' || !consumer) return undefined
  const found = await req.payload.findByID({
    collection: 'consumer',
    depth: 0,
    disableErrors: true,
    id: consumer,
    req,
    select: { email: true, firstName: true, lastName: true, phoneNumber: true, phoneNumbers: true },
    trash: true,
  })
  if (!found) return undefined
  return { ...found, phones: [found.phoneNumber, ...(found.phoneNumbers ?? [])] }
}

/** A lead's (or a candidate's) match keys: its own values, else its consumer's. */
export const keysOfCandidate = async (
  req: PayloadRequest,
  candidate: Candidate,
): Promise<MatchKeys> =>
  matchKeysOf(
    { ...candidate, phones: [candidate.phoneNumber, ...(candidate.phoneNumbers ?? [])] },
    await consumerValues(req, idOf(candidate.consumer)),
  )

/**
 * beforeChange on leads: keeps the hidden `match…` keys (what duplicates are looked up by, indexed)
 * in step with the lead's name, e-mail, phone and consumer. A consumer's later change reaches the
 * keys at the lead's next save that touches one of these.
 */
export const keepMatchKeys: CollectionBeforeChangeHook<Lead> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const watched = ['firstName', 'lastName', 'email', 'phoneNumber', 'consumer'] as const
  if (operation === 'update' && !watched.some((name) => name in data)) return data
  const merged = { ...originalDoc, ...data } as Candidate
  const keys = await keysOfCandidate(req, merged)
  return {
    ...data,
    matchEmail: keys.email,
    matchFirstName: keys.firstName,
    matchLastName: keys.lastName,
    matchPhones: keys.phones,
  }
}
