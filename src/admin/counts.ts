/**
 * The dashboard's counts, made as the viewer by src/reads/counts.ts: each group in one statement.
 * Its queues (leads without an assignee, follow-ups overdue, the to-do lists) are counted up to a
 * cap: "1,000+" says as much to whoever works them as the exact figure, and a full count of a
 * queue that has grown (a million unassigned leads after an import) read every entry of its index
 * on every visit: 300 ms at a million leads, twice a visit (docs/performance.md).
 */
import { createLocalReq, type Payload, type TypedUser } from 'payload'

import { type CountAsk, countsAsCaller } from '@/reads/counts'

export const COUNT_CAP = 1000

/** Each group's counts as `user` may make them; null where they may not read the collection. */
export const viewerCounts = async (
  payload: Payload,
  user: TypedUser,
  groups: readonly (readonly CountAsk[])[],
): Promise<(null | number)[][]> => countsAsCaller(await createLocalReq({ user }, payload), groups)

/** A count as shown; a capped one (a queue's) past the cap, "1,000+". */
export const shownCount = (count: number, capped?: boolean): string =>
  capped && count > COUNT_CAP
    ? `${COUNT_CAP.toLocaleString('en-US')}+`
    : count.toLocaleString('en-US')
