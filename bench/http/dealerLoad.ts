/**
 * The dealer-scope data set, written straight into the tables by set-based SQL (no API): dealership
 * companies with one location each, then leads spread over those locations, each naming one of the
 * consumers `npm run generate` made. The database sets each lead's `dealership` from its location
 * (the row trigger of migration dealership_on_row stays on, and so do the foreign keys). What that
 * migration's other triggers then do one row at a time (the lead's dealership added to its
 * consumer, and from there to the consumer's addresses and credit records) is done by each chunk's
 * own statement, set-based, unless BENCH_LEAD_TRIGGERS=all: one row at a time it ran at about 350
 * leads/s here, 48 minutes for a million (docs/performance.md, "The dealer scope at scale").
 */
import { performance } from 'node:perf_hooks'

import pg from 'pg'

import { consumerId } from '@/generate/people'
import { cityJoin, numberCities, streetLine, zipOf } from '@/generate/places'
import { idOf, mix, pastTime, phoneOf, pick, pickFor } from '@/generate/sql'
import { firstNames, lastNames } from '@/generate/vocabulary'

export type ScopeSizes = {
  /** Consumers the leads name (made by `npm run generate`, of its run `consumerSeed`). */
  consumers: number
  dealerships: number
  leads: number
}

export type ScopeLoad = {
  /** Rows added to each table of dealerships while the leads were written. */
  added: Record<string, number>
  leadsPerSecond: number
  seconds: number
  /** `set`: the triggers that copy a dealership on were replaced by set-based statements. */
  triggers: 'all' | 'set'
  /** What the triggers would have made and is not there: each a count that must be 0. */
  wrong: { duplicateDealerships: number; leadsOutOfDealership: number; missingDealerships: number }
}

/** Leads per statement; each commits on its own. */
const CHUNK = 20_000

const whole = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number`)
  return value
}

/**
 * The sizes, from BENCH_DEALERSHIPS, BENCH_LEADS and BENCH_LEAD_CONSUMERS; by default 1,000,
 * 1,000,000 and 200,000 (`--quick`: 100, 50,000 and 10,000).
 */
export const scopeSizes = (quick: boolean): ScopeSizes => ({
  consumers: whole('BENCH_LEAD_CONSUMERS', quick ? 10_000 : 200_000),
  dealerships: Math.max(1, whole('BENCH_DEALERSHIPS', quick ? 100 : 1_000)),
  leads: whole('BENCH_LEADS', quick ? 50_000 : 1_000_000),
})

/** The id of dealership `index` and of its one location. */
export const dealershipId = (seed: string, index: string): string =>
  idOf(seed, 'com_', index, 'dealership')
const locationId = (seed: string, index: string) => idOf(seed, 'loc_', index, 'dealership')

/** The tables of dealerships a lead's dealership reaches. */
const REACHED = [
  'consumer_rels',
  'address_rels',
  'credit_app_rels',
  'pre_approval_rels',
  'credit_report_rels',
]

/**
 * The triggers whose work the set-based statements do. The lead's own (`commerce_dealership`,
 * its dealership from its location) stays on.
 */
const COPYING = [
  ['lead', 'commerce_grant_named'],
  ['consumer_rels', 'commerce_dealership_added'],
  ['credit_app_rels', 'commerce_dealership_added'],
  ['pre_approval_rels', 'commerce_dealership_added'],
]

/**
 * Adds to `rels` the (parent, company) pairs of `pairs` it lacks, each after the parent's last
 * dealership (`order`), as `commerce_add_dealership` does; answers the pairs added.
 */
const addTo = (rels: string, pairs: string) => `
  INSERT INTO ${rels} ("order", parent_id, path, company_id)
  SELECT coalesce((SELECT max("order") FROM ${rels} r
      WHERE r.parent_id = p.parent AND r.path = 'dealerships'), 0)
      + row_number() OVER (PARTITION BY p.parent ORDER BY p.company),
    p.parent, 'dealerships', p.company
  FROM (SELECT DISTINCT parent, company FROM (${pairs}) AS pairs) AS p
  WHERE NOT EXISTS (SELECT 1 FROM ${rels} x
    WHERE x.parent_id = p.parent AND x.path = 'dealerships' AND x.company_id = p.company)
  RETURNING parent_id AS parent, company_id AS company`

/**
 * After a chunk's leads (`leads`: consumer and dealership of each), what the copying triggers do:
 * the consumer gets the dealership, then its addresses, the credit apps it is on and its
 * pre-approvals not made by a dealer, and those pre-approvals' credit reports. (A credit app's
 * other applicant would get it too: generated credit apps have none.)
 */
const copyOn = `
  consumers AS (${addTo(
    'consumer_rels',
    `SELECT parent, company FROM leads WHERE parent IS NOT NULL AND company IS NOT NULL`,
  )}),
  addresses AS (${addTo(
    'address_rels',
    `SELECT a.address_id AS parent, c.company FROM consumers c
     JOIN consumer_rels a ON a.parent_id = c.parent AND a.path = 'addresses'`,
  )}),
  apps AS (${addTo(
    'credit_app_rels',
    `SELECT a.id AS parent, c.company FROM consumers c
     JOIN credit_app a ON a.consumer_id = c.parent WHERE a.made_at_id IS NULL
     UNION SELECT a.id, c.company FROM consumers c
     JOIN credit_app a ON a.co_applicant_consumer_id = c.parent WHERE a.made_at_id IS NULL`,
  )}),
  approvals AS (${addTo(
    'pre_approval_rels',
    `SELECT p.id AS parent, c.company FROM consumers c
     JOIN pre_approval p ON p.consumer_id = c.parent WHERE p.made_at_id IS NULL`,
  )}),
  reports AS (${addTo(
    'credit_report_rels',
    `SELECT r.id AS parent, p.company FROM approvals p
     JOIN credit_report r ON r.pre_approval_id = p.parent WHERE r.made_at_id IS NULL`,
  )})`

const rowsOf = async (db: pg.ClientBase, tables: string[]) => {
  const counts: Record<string, number> = {}
  for (const table of tables)
    counts[table] = Number(
      (await db.query(`SELECT count(*) AS n FROM ${table} WHERE path = 'dealerships'`)).rows[0].n,
    )
  return counts
}

/**
 * Writes `sizes` into the database at `connectionString`. Two sessions write the leads, each its
 * own chunks (the even ones, the odd ones), and a chunk's leads name consumers of its session's
 * half only (even or odd index): two sessions never add a dealership to the same consumer at once
 * (the check and the insert are not atomic, neither in the trigger nor here). `synchronous_commit`
 * is off: generated rows can be made again.
 */
export const loadDealerships = async (
  connectionString: string,
  sizes: ScopeSizes,
  { consumerSeed, say, seed }: { consumerSeed: string; say: (line: string) => void; seed: string },
): Promise<ScopeLoad> => {
  const triggers = process.env.BENCH_LEAD_TRIGGERS === 'all' ? 'all' : 'set'
  const sessions: pg.Client[] = []
  try {
    for (let i = 0; i < 2; i++) {
      const db = new pg.Client({ connectionString })
      // An interrupted run drops the database under the load (bench/common.ts): the statement in
      // flight then fails, which ends the load; unheard, the client's error would end the process
      // with a stack instead.
      db.on('error', () => {})
      await db.connect()
      await db.query('SET synchronous_commit = off')
      sessions.push(db)
    }
    const [first] = sessions
    await numberCities(first)
    const n = sizes.dealerships
    const dealerships = await first.query(
      `INSERT INTO company (id, name, address, is_facilitator, created_at, updated_at)
       SELECT ${dealershipId(seed, 'g')}, 'Bench Motors ' || lpad(g::text, 5, '0') || ' ' || city.name,
         ${streetLine('g')} || ', ' || city.name || ', ' || city.state_id || ' ' || ${zipOf('g')},
         false, ${pastTime('g')}, ${pastTime('g')}
       FROM generate_series(0, $1::int - 1) AS g ${cityJoin(mix('g', 'hq'))}`,
      [n],
    )
    await first.query(
      `INSERT INTO location (id, company_id_id, line1, city_id, zip, address, phone, created_at,
         updated_at)
       SELECT ${locationId(seed, 'g')}, ${dealershipId(seed, 'g')}, ${streetLine('g')}, city.id,
         ${zipOf('g')},
         ${streetLine('g')} || ', ' || city.name || ', ' || city.state_id || ' ' || ${zipOf('g')},
         ${phoneOf('g')}, ${pastTime('g')}, ${pastTime('g')}
       FROM generate_series(0, $1::int - 1) AS g ${cityJoin(mix('g', 'site'))}`,
      [n],
    )
    say(`  ${dealerships.rowCount} dealerships, one location each`)

    const before = await rowsOf(first, REACHED)
    // Consumer 2·k + $3 (the session's half): see above. Fewer than two consumers: none named.
    const half = Math.floor(sizes.consumers / 2)
    const consumer =
      half > 0
        ? consumerId(consumerSeed, `2 * (${mix('g', 'consumer')} % ${half}) + $3::int`)
        : 'NULL::varchar'
    const firstName = pickFor(firstNames, 'g', 'lead-first')
    const lastName = pickFor(lastNames, 'g', 'lead-last')
    const leads = `
      INSERT INTO lead (first_name, last_name, title, email, phone_number, source, consumer_id,
        location_id, match_email, match_first_name, match_last_name, match_phones, created_at,
        updated_at)
      SELECT first, last, first || ' ' || last, email, phone, source, consumer, location,
        lower(email), lower(first), lower(last),
        jsonb_build_array('+1' || regexp_replace(phone, '\\D', '', 'g')), at, at
      FROM (
        SELECT ${firstName} AS first, ${lastName} AS last,
          lower(${firstName} || '.' || ${lastName} || '.l' || g) || '@example.com' AS email,
          ${phoneOf('g')} AS phone,
          ${pick(['website', 'phone', 'walk-in', 'adf', 'referral'], mix('g', 'source'))} AS source,
          ${consumer} AS consumer,
          ${locationId(seed, `${mix('g', 'dealership')} % ${n}`)} AS location,
          ${pastTime('g')} AS at
        FROM generate_series($1::int, $2::int - 1) AS g) AS l`
    // The lead's dealership is the one its row trigger set: RETURNING gives the row as stored.
    const insert =
      triggers === 'all'
        ? leads
        : `WITH leads AS (${leads} RETURNING consumer_id AS parent, dealership_id AS company),
           ${copyOn}
           SELECT (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM reports) AS reports`
    if (triggers === 'set')
      for (const [table, trigger] of COPYING)
        await first.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`)
    const started = performance.now()
    let done = 0
    const write = async (db: pg.Client, from: number, to: number, session: number) => {
      await db.query(insert, [from, to, session])
      done += to - from
      const seconds = (performance.now() - started) / 1000
      say(`  lead: ${done}/${sizes.leads} (${Math.round(done / seconds)} leads/s)`)
    }
    try {
      // A few leads first, then fresh statistics: planned on the tables as they were (no
      // dealerships yet), a look-up of a consumer's dealerships (the trigger's, or the statement's)
      // walks consumer_rels' index on `path` through every dealership row added since.
      const head = Math.min(sizes.leads, 1_000)
      await first.query(`ANALYZE company, location`)
      await write(first, 0, head, 0)
      await first.query(`ANALYZE lead, ${REACHED.join(', ')}`)
      const chunks = Math.ceil((sizes.leads - head) / CHUNK)
      await Promise.all(
        sessions.map(async (db, session) => {
          for (let chunk = session; chunk < chunks; chunk += sessions.length) {
            const from = head + chunk * CHUNK
            await write(db, from, Math.min(from + CHUNK, sizes.leads), session)
          }
        }),
      )
    } finally {
      if (triggers === 'set')
        for (const [table, trigger] of COPYING)
          await first.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`)
    }
    const seconds = (performance.now() - started) / 1000
    const after = await rowsOf(first, REACHED)
    say('  ANALYZE, and a check of what the leads gave their consumers')
    await first.query(`ANALYZE lead, company, location, ${REACHED.join(', ')}`)
    const count = async (text: string) => Number((await first.query(text)).rows[0].n)
    return {
      added: Object.fromEntries(REACHED.map((table) => [table, after[table] - before[table]])),
      leadsPerSecond: Math.round(sizes.leads / seconds),
      seconds: +seconds.toFixed(1),
      triggers,
      wrong: {
        duplicateDealerships: await count(
          `SELECT count(*) AS n FROM (SELECT 1 FROM consumer_rels WHERE path = 'dealerships'
           GROUP BY parent_id, company_id HAVING count(*) > 1) AS d`,
        ),
        leadsOutOfDealership: await count(
          `SELECT count(*) AS n FROM lead JOIN location ON location.id = lead.location_id
           WHERE lead.dealership_id IS DISTINCT FROM location.company_id_id`,
        ),
        missingDealerships: await count(
          `SELECT count(*) AS n FROM (SELECT DISTINCT consumer_id, dealership_id FROM lead
           WHERE consumer_id IS NOT NULL) AS l WHERE NOT EXISTS (SELECT 1 FROM consumer_rels r
           WHERE r.parent_id = l.consumer_id AND r.path = 'dealerships'
             AND r.company_id = l.dealership_id)`,
        ),
      },
    }
  } finally {
    await Promise.all(sessions.map((db) => db.end()))
  }
}
