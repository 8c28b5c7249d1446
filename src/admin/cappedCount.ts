/**
 * The dashboard's queues (leads without an assignee, follow-ups overdue, the to-do lists) are
 * counted up to a cap: "1,000+" says as much to whoever works them as the exact figure, and a full
 * count of a queue that has grown (a million unassigned leads after an import) read every entry of
 * its index on every visit: 300 ms at a million leads, twice a visit (docs/performance.md).
 * The count reads at most COUNT_CAP + 1 records through the Local API as the viewer, so access
 * applies as to any list.
 */
import type { CollectionSlug, Payload, TypedUser, Where } from 'payload'

export const COUNT_CAP = 1000

/** The records of `collection` matching `where` that `user` may read, up to COUNT_CAP + 1. */
export const cappedCount = async (
  payload: Payload,
  { collection, user, where }: { collection: CollectionSlug; user: TypedUser; where: Where },
): Promise<number> =>
  (
    await payload.find({
      collection,
      depth: 0,
      limit: COUNT_CAP + 1,
      overrideAccess: false,
      // No count: the records are the count.
      pagination: false,
      select: { createdAt: true },
      user,
      where,
    })
  ).docs.length

/** A count as shown; a capped one (a queue's) past the cap, "1,000+". */
export const shownCount = (count: number, capped?: boolean): string =>
  capped && count > COUNT_CAP
    ? `${COUNT_CAP.toLocaleString('en-US')}+`
    : count.toLocaleString('en-US')
