/** Finding the leads a new or stored lead duplicates: by its match keys, at its location, within the window the settings give. */
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDb } from '@/db/transaction'
import { settings } from '@/lib/settings'

import type { Lead } from '../../payload-types'
import { type Candidate, keysOfCandidate } from './duplicateKeys'
import { lockNames, takeLocks } from './duplicateLocks'
import { idOf } from './ids'
import { type DuplicateRule, type MatchKeys, ruleMatching } from './matchKeys'

const DAY = 86_400_000
/** The most stored leads one lookup compares (its newest); more share a phone only in test data. */
const LOOKUP_LIMIT = 50

export type DuplicateMatch = {
  /** When the matched lead came in. */
  createdAt: string
  /** The lead the candidate duplicates. */
  lead: number
  rule: DuplicateRule
}

/** The settings of the rules, read when used (tests change them). */
export const duplicateSettings = () => {
  const { LEAD_DUPLICATE_DAYS, LEAD_DUPLICATE_RULES } = settings('leadDesk')
  return { days: LEAD_DUPLICATE_DAYS, rules: LEAD_DUPLICATE_RULES }
}

type Stored = {
  created_at: Date | string
  id: number
  match_email: null | string
  match_first_name: null | string
  match_last_name: null | string
  phones: null | string[]
}

/**
 * The stored leads at `location` within `from`…`to` that share the candidate's e-mail or a phone
 * (through the indexes on `lead.match_email` and `lead.match_phones`), newest first, with the
 * rule each matches by. Merged and trashed leads are left out.
 */
const matchesOf = async (
  req: PayloadRequest,
  {
    exclude,
    from,
    keys,
    location,
    rules,
    to,
  }: {
    exclude?: number
    from: Date
    keys: MatchKeys
    location: string | undefined
    rules: DuplicateRule[]
    to?: Date
  },
): Promise<DuplicateMatch[]> => {
  const byEmail = rules.includes('email') && keys.email !== null
  const byPhone = rules.some((rule) => rule !== 'email') && keys.phones.length > 0
  if (!byEmail && !byPhone) return []
  const db = await transactionDb(req)
  const { rows } = await db.execute<Stored>(sql`
    SELECT id, created_at, match_email, match_first_name, match_last_name,
           match_phones AS phones
      FROM lead
     WHERE ((${byEmail}::boolean AND match_email = ${keys.email ?? ''})
            OR (${byPhone}::boolean AND match_phones ?| string_to_array(${keys.phones.join(',')}, ',')))
       AND location_id IS NOT DISTINCT FROM ${location ?? null}::varchar
       AND created_at >= ${from.toISOString()}::timestamptz
       AND created_at <= ${to?.toISOString() ?? 'infinity'}::timestamptz
       AND merged_into_id IS NULL AND deleted_at IS NULL
       AND id <> ${exclude ?? 0}::integer
     ORDER BY created_at DESC, id DESC
     LIMIT ${LOOKUP_LIMIT}::integer`)
  return rows.flatMap((row) => {
    const rule = ruleMatching(
      keys,
      {
        email: row.match_email,
        firstName: row.match_first_name,
        lastName: row.match_last_name,
        phones: row.phones ?? [],
      },
      rules,
    )
    return rule
      ? [{ createdAt: new Date(row.created_at).toISOString(), lead: Number(row.id), rule }]
      : []
  })
}

/** Best first: by the rules' order (an e-mail match before a phone match), then newest (a stable sort keeps matchesOf's order). */
const bestFirst = (matches: DuplicateMatch[], rules: readonly DuplicateRule[]) =>
  [...matches].sort((a, b) => rules.indexOf(a.rule) - rules.indexOf(b.rule))

/**
 * Takes, in the request's transaction, the duplicate locks of several candidates at once (an ADF
 * document's prospects): taken one candidate at a time, two documents naming the same people in
 * other orders would each wait for the other. findDuplicate's own locks are then taken already
 * (advisory locks are re-entrant).
 */
export const holdDuplicateLocks = async (
  req: PayloadRequest,
  candidates: Candidate[],
): Promise<void> => {
  const { rules } = duplicateSettings()
  if (!rules.length) return
  const names: string[] = []
  for (const candidate of candidates)
    names.push(...lockNames(idOf(candidate.location), await keysOfCandidate(req, candidate), rules))
  await takeLocks(req, names)
}

/**
 * The lead a new lead duplicates (same location, the last `LEAD_DUPLICATE_DAYS` days, the rules
 * that are on), or null. First holds, until the request's transaction ends, a lock per location
 * and normalised e-mail or phone of the candidate: call it inside the transaction that then
 * absorbs the submission or creates the lead, so a concurrent twin waits and then finds it.
 * Without a transaction on `req` the locks end with the statement (no protection).
 */
export const findDuplicate = async (
  req: PayloadRequest,
  candidate: Candidate,
  { hold = true, now = new Date() }: { hold?: boolean; now?: Date } = {},
): Promise<DuplicateMatch | null> => {
  const { days, rules } = duplicateSettings()
  if (!rules.length) return null
  const keys = await keysOfCandidate(req, candidate)
  const location = idOf(candidate.location)
  if (hold) await takeLocks(req, lockNames(location, keys, rules))
  const from = new Date(now.getTime() - days * DAY)
  return bestFirst(await matchesOf(req, { from, keys, location, rules }), rules)[0] ?? null
}

/**
 * The possible duplicates of a stored lead: its location's leads that match it by a rule that is
 * on, created within `LEAD_DUPLICATE_DAYS` before or after it (not merged, not trashed), best
 * first. Ids only: the caller reads them with its own access.
 */
export const duplicatesOf = async (req: PayloadRequest, lead: Lead): Promise<DuplicateMatch[]> => {
  const { days, rules } = duplicateSettings()
  if (!rules.length || lead.mergedInto) return []
  const keys = await keysOfCandidate(req, lead)
  const at = new Date(lead.createdAt).getTime()
  const matches = await matchesOf(req, {
    exclude: lead.id,
    from: new Date(at - days * DAY),
    keys,
    location: idOf(lead.location),
    rules,
    to: new Date(at + days * DAY),
  })
  return bestFirst(matches, rules)
}
