/**
 * The dashboard's queues (leads without an assignee, follow-ups overdue, the to-do lists) are
 * counted up to a cap: "1,000+" says as much to whoever works them as the exact figure, and a full
 * count of a queue that has grown (a million unassigned leads after an import) read every entry of
 * its index on every visit: 300 ms at a million leads, twice a visit (docs/performance.md).
 * src/reads/counts.ts reads at most COUNT_CAP + 1 rows of such a count, as the viewer.
 */
export const COUNT_CAP = 1000

/** A count as shown; a capped one (a queue's) past the cap, "1,000+". */
export const shownCount = (count: number, capped?: boolean): string =>
  capped && count > COUNT_CAP
    ? `${COUNT_CAP.toLocaleString('en-US')}+`
    : count.toLocaleString('en-US')
