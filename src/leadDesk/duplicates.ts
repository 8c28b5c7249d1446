/**
 * Duplicate leads: a new lead (REST `POST /api/lead`, an import, an ADF intake) that is the same
 * person as one of its location's recent leads is added to that lead as a `Lead Created` event
 * instead of becoming a lead of its own. The rules and the normalised values are in
 * ./matchKeys.ts; the window and which rules are on are settings (`LEAD_DUPLICATE_DAYS`,
 * `LEAD_DUPLICATE_RULES`).
 *
 * For callers elsewhere (the ADF intake): inside the caller's transaction,
 *   const match = await findDuplicate(req, candidate)   // holds the candidate's locks
 *   if (match) await absorbSubmission(req, match.lead, submission, 'adf')
 *   else await req.payload.create({ collection: 'lead', data: candidate, req })
 * The locks last until that transaction ends, so two submissions of one person make one lead.
 */
import { sql } from '@payloadcms/db-postgres'
import {
  type CollectionBeforeChangeHook,
  createLocalReq,
  Forbidden,
  type PayloadRequest,
  type SelectType,
} from 'payload'

import { markTrial } from '@/admin/transfer/trialIds'
import { transactionDb, withTransaction } from '@/db/transaction'
import { settings } from '@/lib/settings'

import type { Lead, LeadEvent } from '../../payload-types'
import { mayUpdateLead } from './access'
import { idOf } from './ids'
import {
  type DuplicateRule,
  type MatchKeys,
  matchKeysOf,
  ruleMatching,
  ruleWords,
} from './matchKeys'

const DAY = 86_400_000
/** The most stored leads one lookup compares (its newest); more share a phone only in test data. */
const LOOKUP_LIMIT = 50

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

/** The lock names of a candidate at its location, in one order (so two holders never deadlock). */
const lockNames = (location: string | undefined, keys: MatchKeys, rules: DuplicateRule[]) => {
  const place = `lead duplicate ${location ?? '(no location)'}`
  const names = [
    ...(rules.includes('email') && keys.email ? [`${place} email ${keys.email}`] : []),
    ...(rules.some((rule) => rule !== 'email')
      ? keys.phones.map((p) => `${place} phone ${p}`)
      : []),
  ]
  return [...new Set(names)].sort()
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

/** Best first: by the rules' order (an e-mail match before a phone match), then newest. */
const best = (matches: DuplicateMatch[], rules: readonly DuplicateRule[]) =>
  [...matches].sort((a, b) => rules.indexOf(a.rule) - rules.indexOf(b.rule))[0] ?? null

/** Takes the advisory locks named, in one statement and in sorted order (so two callers never deadlock). */
const takeLocks = async (req: PayloadRequest, names: string[]): Promise<void> => {
  if (!names.length) return
  const db = await transactionDb(req)
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(name, 0))
          FROM jsonb_array_elements_text(${JSON.stringify([...new Set(names)].sort())}::jsonb) AS name`,
  )
}

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
  return best(await matchesOf(req, { from, keys, location, rules }), rules)
}

/**
 * The possible duplicates of a stored lead: its location's leads that match it by a rule that is
 * on, created within `LEAD_DUPLICATE_DAYS` before or after it (not merged, not trashed), best
 * first. Ids only: the caller reads them with its own access.
 */
export const duplicatesOf = async (req: PayloadRequest, lead: Lead): Promise<DuplicateMatch[]> => {
  const { days, rules } = duplicateSettings()
  if (!rules.length || lead.mergedInto) return []
  const keys = await keysOfCandidate(req, lead as Candidate)
  const at = new Date(lead.createdAt).getTime()
  const matches = await matchesOf(req, {
    exclude: lead.id,
    from: new Date(at - days * DAY),
    keys,
    location: idOf(lead.location),
    rules,
    to: new Date(at + days * DAY),
  })
  return [...matches].sort((a, b) => rules.indexOf(a.rule) - rules.indexOf(b.rule))
}

/** What a duplicate submission is recorded with: the contact values it carried, as sent. */
const SUBMITTED = ['firstName', 'lastName', 'email', 'phoneNumber', 'source', 'consumer'] as const

export const submittedValues = (submission: Record<string, unknown>) =>
  Object.fromEntries(
    SUBMITTED.flatMap((name) =>
      submission[name] === undefined || submission[name] === null
        ? []
        : [[name, idOf(submission[name] as never) ?? submission[name]]],
    ),
  )

/**
 * Adds a duplicate submission to an existing lead: a `Lead Created` lead event naming its source
 * and the values it carried (staff read them on the event). Written by the service (no caller
 * access), in `req`'s transaction. The existing lead's own values are left as they are.
 */
export const absorbSubmission = async (
  req: PayloadRequest,
  existingLeadId: number,
  submission: Record<string, unknown>,
  source: string,
): Promise<LeadEvent> =>
  req.payload.create({
    collection: 'leadEvents',
    data: {
      lead: existingLeadId,
      submission: { source, values: submittedValues(submission) },
      type: 'Lead Created',
    } as LeadEvent,
    depth: 0,
    req,
  })

/** How an answer says a submission was merged. */
export const mergedMessage = (match: DuplicateMatch) =>
  `Merged into lead ${match.lead} as a duplicate (${ruleWords[match.rule]}).`

/**
 * Whether `data` would be accepted as a new lead from this caller (every check and hook of a
 * create), tried in a transaction of its own that is rolled back: a duplicate is merged only when
 * the submission is valid, so a bad value is the same 400 whether or not it matches a lead.
 */
const tryCreate = async (req: PayloadRequest, data: Record<string, unknown>) => {
  const { payload } = req
  const trial = await createLocalReq({ user: req.user ?? undefined }, payload)
  const transactionID = await payload.db.beginTransaction()
  if (transactionID) {
    markTrial(payload, transactionID)
    trial.transactionID = transactionID
  }
  try {
    await payload.create({ collection: 'lead', data, depth: 0, overrideAccess: false, req: trial })
  } finally {
    if (trial.transactionID) await payload.db.rollbackTransaction(trial.transactionID)
  }
}

export type Intake = {
  doc: Lead
  /** Set when the submission was merged into an existing lead. */
  duplicate?: DuplicateMatch & { event: number }
}

type IntakeOptions = {
  depth?: number
  draft?: boolean
  populate?: Parameters<PayloadRequest['payload']['create']>[0]['populate']
  select?: SelectType
  /** How the submission came (`api`, `import`), named on the event of a merged one. */
  source: string
  /** Already checked as a create (an import's trial run): no trial before merging. */
  validated?: boolean
}

/**
 * A new lead from a caller (REST, import): merged into the lead it duplicates, or created, in
 * one transaction (`req`'s, or one of its own), with the caller's access. A duplicate the caller
 * may not read is not merged into (the create then answers as it would).
 */
export const intakeLead = async (
  req: PayloadRequest,
  data: Record<string, unknown>,
  { depth, draft, populate, select, source, validated = false }: IntakeOptions,
): Promise<Intake> => {
  const { payload } = req
  if (!(await payload.collections.lead.config.access.create({ data, req })))
    throw new Forbidden(req.t)
  const readable = async (id: number) =>
    payload.findByID({
      collection: 'lead',
      depth,
      disableErrors: true,
      id,
      overrideAccess: false,
      populate,
      req,
      select,
    })
  // The trial runs before the transaction when a match is likely, so it never waits for a second
  // connection while this one holds locks; a twin committed meanwhile is tried below instead.
  let checked = validated
  if (!checked && (await findDuplicate(req, data as Candidate, { hold: false }))) {
    await tryCreate(req, data)
    checked = true
  }
  return withTransaction(req, async () => {
    const match = await findDuplicate(req, data as Candidate)
    const existing = match ? await readable(match.lead) : null
    let answer: Intake
    if (match && existing) {
      if (!checked) await tryCreate(req, data)
      const event = await absorbSubmission(req, match.lead, data, source)
      answer = { doc: existing as Lead, duplicate: { ...match, event: event.id } }
    } else {
      const doc = await payload.create({
        collection: 'lead',
        data: data as unknown as Lead,
        depth,
        draft,
        overrideAccess: false,
        populate,
        req,
        select,
      })
      answer = { doc: doc as Lead }
    }
    return answer
  })
}

export type PossibleDuplicate = {
  assignee: null | number
  createdAt: string
  currentStatus: null | string
  email: null | string
  id: number
  phoneNumber: null | string
  /** Why it is one, in words. */
  reason: string
  rule: DuplicateRule
  title: null | string
}

/**
 * `GET /api/lead/:id/duplicates`: the lead's possible duplicates the caller may read (a lead they
 * may not read is 404), best first, and whether the caller may merge them (change leads).
 */
export const possibleDuplicates = async (
  req: PayloadRequest,
  id: number,
): Promise<{ canMerge: boolean; docs: PossibleDuplicate[]; lead: number }> => {
  const { payload } = req
  const lead = await payload.findByID({
    collection: 'lead',
    depth: 0,
    id,
    overrideAccess: false,
    req,
  })
  const matches = await duplicatesOf(req, lead)
  if (!matches.length) return { canMerge: false, docs: [], lead: id }
  const { docs } = await payload.find({
    collection: 'lead',
    depth: 0,
    limit: matches.length,
    overrideAccess: false,
    pagination: false,
    req,
    where: { id: { in: matches.map((match) => match.lead) } },
  })
  const byId = new Map(docs.map((doc) => [doc.id, doc]))
  const found = matches.flatMap((match): PossibleDuplicate[] => {
    const doc = byId.get(match.lead)
    if (!doc) return []
    return [
      {
        assignee: idOf(doc.assignee) ?? null,
        createdAt: doc.createdAt,
        currentStatus: doc.currentStatus ?? null,
        email: doc.email ?? null,
        id: doc.id,
        phoneNumber: doc.phoneNumber ?? null,
        reason: ruleWords[match.rule],
        rule: match.rule,
        title: doc.title ?? null,
      },
    ]
  })
  return { canMerge: found.length > 0 && (await mayUpdateLead(req, id)), docs: found, lead: id }
}

/** How an import creates a lead row (src/admin/transfer): merged into its duplicate, or created. */
export const importLeadRow = async (
  req: PayloadRequest,
  data: Record<string, unknown>,
  validated: boolean,
) => {
  const { doc, duplicate } = await intakeLead(req, data, { depth: 0, source: 'import', validated })
  return {
    doc,
    ...(duplicate ? { merged: { into: duplicate.lead, reason: ruleWords[duplicate.rule] } } : {}),
  }
}
