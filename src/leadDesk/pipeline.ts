/**
 * The team's pipeline as a manager reads it: what is still being worked, and per agent how much
 * of it they hold and how fast they make the first contact. Read as the viewer: their access to
 * leads (a dealer's, their dealership's) is part of the statement, so no figure tells of another
 * dealership's leads.
 */
import { sql } from '@payloadcms/db-postgres'
import {
  combineQueries,
  createLocalReq,
  executeAccess,
  type Payload,
  type TypedUser,
  type Where,
} from 'payload'

import { drizzleOf, queryPartsOf, tableNameOf } from '@/db/adapter'

/** A lead still worked: not merged into another, and its customer has not asked to be left alone. */
export const STILL_WORKED: Where[] = [
  { mergedInto: { exists: false } },
  { 'doNotContact.at': { exists: false } },
]

/** How far back a lead counts as open on an agent's desk: older ones are history. */
export const OPEN_DAYS = 30

const DAY_MS = 86_400_000

/** Leads still worked that came in within the last OPEN_DAYS. */
export const openLeads = (now: Date): Where[] => [
  { createdAt: { greater_than_equal: new Date(now.getTime() - OPEN_DAYS * DAY_MS).toISOString() } },
  ...STILL_WORKED,
]

export type AgentFigures = {
  /** The user id of the assignee. */
  agent: number
  /** Leads of this week first contacted; the median is over these. */
  contacted: number
  /** Median minutes from a lead coming in to its first contact, for leads that came in this week. */
  medianMinutes: null | number
  /** Open leads assigned to the agent (openLeads). */
  open: number
}

/**
 * Per assignee: open leads, and the median first-contact time of this week's leads. One grouped
 * statement over the open window (an index on `createdAt` bounds it), with the viewer's access to
 * leads in its filter; throws Forbidden when the viewer may not read leads.
 */
export const agentFigures = async (
  payload: Payload,
  user: TypedUser,
  { now, week }: { now: Date; week: Date },
): Promise<AgentFigures[]> => {
  const req = await createLocalReq({ user }, payload)
  const { config } = payload.collections.lead
  const access = await executeAccess({ req }, config.access.read)
  const where = combineQueries(
    {
      and: [...openLeads(now), { assignee: { exists: true } }, { deletedAt: { exists: false } }],
    },
    access,
  )
  const table = tableNameOf(payload, 'lead')
  const built = queryPartsOf(payload, { fields: config.flattenedFields, tableName: table, where })
  // The viewer's access to leads is a condition on the row itself (a dealer's `dealership`).
  if (built.joins.length || !built.where) throw new Error('lead access needs no join')
  const lead = sql.identifier(table)
  const thisWeek = sql`${lead}.created_at >= ${week.toISOString()} AND ${lead}.first_contacted_at IS NOT NULL`
  const { rows } = await drizzleOf(payload).execute(sql`
    SELECT ${lead}.assignee_id AS agent, count(*) AS open,
           count(*) FILTER (WHERE ${thisWeek}) AS contacted,
           percentile_cont(0.5) WITHIN GROUP (
             ORDER BY extract(epoch FROM ${lead}.first_contacted_at - ${lead}.created_at) / 60
           ) FILTER (WHERE ${thisWeek}) AS median
      FROM ${lead} WHERE ${built.where}
     GROUP BY ${lead}.assignee_id
     ORDER BY count(*) DESC, ${lead}.assignee_id`)
  return rows.map((row) => ({
    agent: Number(row.agent),
    contacted: Number(row.contacted),
    medianMinutes: row.median === null ? null : Math.round(Number(row.median)),
    open: Number(row.open),
  }))
}
