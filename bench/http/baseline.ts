/**
 * The hand-written baseline the HTTP benchmark compares the service with: plain node:http and
 * one pg pool (pg's default size, as the service's), no framework, no access checks (so no API
 * key lookup), one SQL statement per read. It does the work the service's answer needs and
 * nothing else: JSON built by PostgreSQL, birth dates decrypted and SSNs masked in JS, a
 * create as a transaction with the two values encrypted and its audit entry, and a lead event's
 * update as a transaction with its history version, its lead's current status and its outbox rows,
 * an error record's create as its one INSERT, a VDP e-mail's create as a transaction with its
 * VIN rows, its first version and the version's VIN rows, and a VDP e-mail's new VINs as a
 * transaction with its VIN rows replaced, its version, the version's VIN rows and the trim, and a
 * lead vendor's new lead as a transaction with its duplicate locks, lookup and outbox row, and an
 * integrator's credit app as a transaction reading its parties and data key, then writing the row
 * with its two values sealed, its version and its audit entry in one statement.
 */
import crypto from 'node:crypto'
import http from 'node:http'

import pg from 'pg'

import { encodeCursor } from '@/api/cursor'
import { encryptValue } from '@/creditData/cipher'
import { newDataKey, sealWithKey, unwrap } from '@/creditData/consumerKeys'
import { holdsSsn } from '@/creditData/ssnInText'
import { isSerialId } from '@/db/ids'
import { matchKeysOf, ruleMatching } from '@/leadDesk/matchKeys'
import { phoneKeysOf } from '@/lib/normalise'
import { settings } from '@/lib/settings'
import { isDate, isIdnEmail, isPhone } from '@/validation/formats'

import {
  company,
  consumer,
  creditApp,
  customer,
  documentOf,
  leadEvent,
  revealAsService,
  type Shape,
  vdpEmail,
  webEvent,
} from './documents'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })

const answer = (res: http.ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body)
  res.writeHead(status, {
    'content-length': Buffer.byteLength(json),
    'content-type': 'application/json',
  })
  res.end(json)
}

const byId = (shape: Shape) => {
  const sql = `SELECT ${documentOf(shape, 'x', 2)} AS doc FROM ${shape.table} x WHERE x.id = $1`
  return async (id: string) => (await pool.query(sql, [id])).rows[0]?.doc
}

/**
 * A page of `limit` at depth 2, newest first (ties by id), and the total, in one statement. The
 * page's rows are picked first, so only they are built into JSON. Unfiltered, the total is the
 * trigger-kept row count, as the service reads it (src/db/rowCounts.ts).
 */
const page = (shape: Shape, where?: string) => {
  const total = where
    ? `(SELECT count(*) FROM ${shape.table} x WHERE ${where})`
    : `(SELECT sum(row_count) FROM live_row_counts WHERE table_name = '${shape.table}')`
  const order = 'x.created_at DESC, x.id DESC'
  const sql = `SELECT ${total}::int AS total,
    coalesce((SELECT json_agg(${documentOf(shape, 'x', 2)} ORDER BY ${order})
      FROM (SELECT * FROM ${shape.table} x WHERE ${where ?? 'true'} ORDER BY ${order}
        LIMIT $1 OFFSET $2) x), '[]') AS docs`
  return async (limit: number, pageNumber: number, ...params: unknown[]) => {
    const { docs, total } = (await pool.query(sql, [limit, (pageNumber - 1) * limit, ...params]))
      .rows[0]
    const totalPages = Math.ceil(total / limit)
    const last = docs.at(-1)
    const pagingCounter = (pageNumber - 1) * limit + 1
    return {
      data: docs,
      hasNextPage: pageNumber < totalPages,
      hasPrevPage: pageNumber > 1,
      limit,
      nextPage: pageNumber < totalPages ? pageNumber + 1 : null,
      page: pageNumber,
      nextCursor:
        pageNumber < totalPages && last
          ? encodeCursor({
              d: 'desc',
              f: 'createdAt',
              id: last.id,
              n: pagingCounter + docs.length,
              v: last.createdAt,
            })
          : null,
      pagingCounter,
      prevPage: pageNumber > 1 ? pageNumber - 1 : null,
      success: true,
      totalCount: total,
      totalPages,
    }
  }
}

const getCustomer = byId(customer)
const getCreditApp = byId(creditApp)
/** The customer's own row and nothing else: what a lookup by primary key costs at the least. */
const getRow = async (id: string) =>
  (await pool.query('SELECT row_to_json(c) AS doc FROM customer c WHERE c.id = $1', [id])).rows[0]
    ?.doc
const webEvents = page(webEvent)
const companies = page(company, `x.name ILIKE '%' || $3::text || '%'`)

/** `work` in a transaction of one pooled client, committed unless it throws. */
const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    // A failed ROLLBACK (the connection gone) must not hide why the work failed.
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

const createConsumer = async (body: Record<string, string>) => {
  for (const field of ['firstName', 'lastName', 'birthDate', 'phoneNumber'])
    if (typeof body[field] !== 'string') return null
  if (!isDate(body.birthDate) || !isPhone(body.phoneNumber)) return null
  const id = `con_${crypto.randomBytes(15).toString('base64url').slice(0, 20)}`
  return inTransaction(async (client) => {
    const { rows } = await client.query(
      `INSERT INTO consumer (id, first_name, last_name, birth_date, phone_number, email, ssn)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING ${documentOf(consumer, 'consumer', 0)} AS doc`,
      [
        id,
        body.firstName,
        body.lastName,
        encryptValue(body.birthDate, 'birthDate'),
        body.phoneNumber,
        body.email ?? null,
        body.ssn ? encryptValue(body.ssn, 'ssn') : null,
      ],
    )
    await client.query(
      `WITH entry AS (INSERT INTO audit_log (action, collection, record_id, actor, request_id)
         VALUES ('create', 'consumer', $1, 'api-clients:1', $2) RETURNING id)
       INSERT INTO audit_log_texts ("order", parent_id, path, text)
       SELECT n, entry.id, 'fields', name FROM entry, unnest($3::text[]) WITH ORDINALITY AS f(name, n)`,
      [id, crypto.randomUUID(), Object.keys(body).sort()],
    )
    return rows[0].doc
  })
}

/** The credit app's columns an integrator's create writes, each copied into its version. */
const CREDIT_APP_COLUMNS = [
  'id',
  'title',
  'phone_keys',
  'consumer_id',
  'first_name',
  'last_name',
  'ssn',
  'email',
  'phone_number',
  'birth_date',
  'pre_approval_id',
  'vehicle_id',
  'provider',
  'to_provider',
  'updated_at',
  'created_at',
]

/**
 * An integrator's credit app: the parties read (the consumer's name and data key, the vehicle's
 * name, the pre-approval's existence; none trashed), then in one statement the row (SSN and birth
 * date sealed with the consumer's data key, a key made when the consumer has none), its version and
 * its audit entry, answered at depth 2.
 */
const createCreditApp = async (body: Record<string, unknown>) => {
  const { birthDate, consumer: consumerId, phoneNumber, preApproval, ssn, vehicle } = body
  if (![consumerId, preApproval, vehicle].every((id) => typeof id === 'string')) return null
  if (typeof birthDate === 'string' && !isDate(birthDate)) return null
  if (typeof phoneNumber === 'string' && !isPhone(phoneNumber)) return null
  if (body.provider !== undefined && !['provider_a', 'provider_b'].includes(String(body.provider)))
    return null
  return inTransaction(async (client) => {
    const { rows: found } = await client.query(
      `SELECT c.first_name, c.last_name, k.wrapped, v.year, v.make, v.model
         FROM consumer c JOIN vehicle v ON v.id = $2
         JOIN pre_approval p ON p.id = $3 AND p.deleted_at IS NULL
         LEFT JOIN consumer_data_keys k ON k.consumer = c.id
        WHERE c.id = $1 AND c.deleted_at IS NULL`,
      [consumerId, vehicle, preApproval],
    )
    const parties = found[0]
    if (!parties) return null
    const owner = String(consumerId)
    // A consumer's first sealed value makes their key, once.
    const made = parties.wrapped ? null : newDataKey(owner)
    if (made)
      await client.query('INSERT INTO consumer_data_keys (consumer, wrapped) VALUES ($1, $2)', [
        owner,
        made.wrapped,
      ])
    const key = made ? made.key : unwrap(owner, parties.wrapped)
    const seal = (value: unknown, field: string) =>
      typeof value === 'string' ? sealWithKey(key, owner, value, field) : null
    const title = [
      [
        [parties.first_name, parties.last_name].filter(Boolean).join(' '),
        [parties.year, parties.make, parties.model].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(' — '),
      body.provider === 'provider_a' ? 'Provider A' : body.provider ? 'Provider B' : '',
    ]
      .filter(Boolean)
      .join(' · ')
    const now = new Date().toISOString()
    const values = [
      `crapp_${crypto.randomBytes(15).toString('base64url').slice(0, 20)}`,
      title,
      phoneKeysOf([phoneNumber]),
      consumerId,
      body.firstName ?? null,
      body.lastName ?? null,
      seal(ssn, 'ssn'),
      body.email ?? null,
      phoneNumber ?? null,
      seal(birthDate, 'birthDate'),
      preApproval,
      vehicle,
      body.provider ?? null,
      false,
      now,
      now,
    ]
    const fields = [...Object.keys(body), 'providerSubmission'].sort()
    const { rows } = await client.query(
      `WITH app AS (
         INSERT INTO credit_app (${CREDIT_APP_COLUMNS.join(', ')})
         VALUES (${CREDIT_APP_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *),
       version AS (
         INSERT INTO _credit_app_v (parent_id, ${CREDIT_APP_COLUMNS.slice(1)
           .map((column) => `version_${column}`)
           .join(', ')}, created_at, updated_at)
         SELECT ${CREDIT_APP_COLUMNS.join(', ')}, $15, $15 FROM app),
       entry AS (
         INSERT INTO audit_log (action, collection, record_id, actor, request_id, created_at,
           updated_at)
         SELECT 'create', 'credit-app', app.id, 'api-clients:1', $17, $15, $15 FROM app
         RETURNING id),
       texts AS (
         INSERT INTO audit_log_texts ("order", parent_id, path, text)
         SELECT n, entry.id, 'fields', name FROM entry, unnest($18::text[]) WITH ORDINALITY AS f(name, n))
       SELECT ${documentOf(creditApp, 'app', 2)} AS doc FROM app`,
      [...values, crypto.randomUUID(), fields],
    )
    return rows[0].doc
  })
}

/** A lead event's statuses: the values of its column's enum, and null. */
const statuses = pool
  .query<{ value: string }>(
    'SELECT unnest(enum_range(NULL::enum_lead_event_status))::text AS value',
  )
  .then(({ rows }) => new Set<unknown>([...rows.map((row) => row.value), null]))
/** Versions kept per record, as the service keeps them (src/fields/history.ts). */
const MAX_VERSIONS = 100

/**
 * The CTE `delivery`: a webhook delivery of `event` per enabled endpoint subscribed to it, for each
 * row of the CTE `from` (its `id`), carrying `record` (SQL over `from`), at the time `at` (a
 * parameter), as the service's outbox writes one (src/webhooks/outbox.ts).
 */
const deliveryCte = (d: {
  at: string
  collection: string
  event: string
  from: string
  record: string
}) => `delivery AS (
    INSERT INTO webhook_deliveries (message_id, event, endpoint_id, record_key, status, attempts,
      next_attempt_at, payload, created_at, updated_at)
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), '${d.event}', endpoint.id,
      '${d.collection}:' || ${d.from}.id, 'pending', 0, ${d.at},
      json_build_object('data', json_build_object('collection', '${d.collection}',
        'id', ${d.from}.id, 'record', ${d.record}),
        'timestamp', ${d.at}, 'type', '${d.event}'),
      ${d.at}, ${d.at}
      FROM ${d.from} JOIN webhook_endpoints endpoint ON endpoint.enabled
     WHERE EXISTS (SELECT 1 FROM webhook_endpoints_events subscribed
                    WHERE subscribed.parent_id = endpoint.id
                      AND subscribed.value::text = '${d.event}'))`

/**
 * What the service writes for a lead event's `status` and `nextSteps`, in one statement: the
 * event (its row locked first, for the status it had), its history version, its lead's
 * `currentStatus` when the event is that lead's current one and the status changed, the trim of
 * versions past the 100th, and a delivery per enabled endpoint subscribed to `lead_event.updated`
 * (the record at depth 0 without the fields API clients may not read). Answered at depth 2, the
 * leads as the statement found them (before the lead's change, as the service answers).
 */
const updateLeadEventSql = `
  WITH old AS (
    SELECT id, status FROM lead_events WHERE id = $1 AND deleted_at IS NULL FOR UPDATE),
  ev AS (
    UPDATE lead_events e SET status = $2, next_steps = $3, updated_at = $4
      FROM old WHERE e.id = old.id
    RETURNING e.*, old.status AS previous_status),
  version AS (
    INSERT INTO _lead_events_v (parent_id, version_lead_id, version_type, version_status,
      version_next_steps, version_created_by_id, version_current_status_for_id,
      version_submission_source, version_submission_values, version_last_modified_by_id,
      version_updated_at, version_created_at, version_dealership_id, version_deleted_at,
      created_at, updated_at)
    SELECT id, lead_id, type, status, next_steps, created_by_id, current_status_for_id,
      submission_source, submission_values, last_modified_by_id, updated_at, created_at,
      dealership_id, deleted_at, $4, $4 FROM ev),
  lead_status AS (
    UPDATE lead SET current_status = ev.status::text::enum_lead_current_status, updated_at = $4
      FROM ev
     WHERE lead.id = ev.current_status_for_id AND ev.status IS DISTINCT FROM ev.previous_status),
  trim AS (
    DELETE FROM _lead_events_v WHERE parent_id = $1 AND updated_at <= (
      SELECT updated_at FROM _lead_events_v WHERE parent_id = $1
       ORDER BY updated_at DESC OFFSET ${MAX_VERSIONS - 1} LIMIT 1)),
  ${deliveryCte({
    at: '$4',
    collection: 'leadEvents',
    event: 'lead_event.updated',
    from: 'ev',
    record: `json_build_object('id', ev.id, 'lead', ev.lead_id, 'type', ev.type,
      'status', ev.status, 'nextSteps', ev.next_steps, 'createdBy', ev.created_by_id,
      'currentStatusFor', ev.current_status_for_id, 'updatedAt', $4,
      'createdAt', ev.created_at, 'deletedAt', ev.deleted_at)`,
  })}
  SELECT ${documentOf(leadEvent, 'ev', 2)} AS doc FROM ev`

/** PATCH of a lead event's status and next steps: the answer, or a status and message. */
const updateLeadEvent = async (
  id: number,
  body: Record<string, unknown>,
): Promise<{ doc: unknown } | { message: string; status: number }> => {
  const fields = Object.keys(body)
  if (fields.some((field) => field !== 'status' && field !== 'nextSteps'))
    return { message: 'only status and nextSteps', status: 400 }
  if ('status' in body && !(await statuses).has(body.status))
    return { message: 'status is not one of the values', status: 400 }
  const nextSteps = body.nextSteps
  if (nextSteps !== undefined && nextSteps !== null && typeof nextSteps !== 'string')
    return { message: 'nextSteps must be text', status: 400 }
  if (holdsSsn(nextSteps)) return { message: 'nextSteps holds an SSN', status: 400 }
  return inTransaction(async (client) => {
    // A field left out keeps its value (status = status).
    const { rows } = await client.query(
      updateLeadEventSql
        .replace('status = $2', 'status' in body ? 'status = $2' : 'status = e.status')
        .replace(
          'next_steps = $3',
          'nextSteps' in body ? 'next_steps = $3' : 'next_steps = e.next_steps',
        ),
      [id, body.status ?? null, nextSteps ?? null, new Date().toISOString()],
    )
    return rows[0] ? { doc: rows[0].doc } : { message: 'Not Found', status: 404 }
  })
}

/** The error record's columns, each with the length its field allows (collections/Errors.ts). */
const ERROR_FIELDS = { digest: 200, message: 2000, source: 200, stack: 20000, url: 2048 }

/** An error record reported by a front end: one INSERT, its row answered as the service answers it. */
const createError = async (body: Record<string, unknown>) => {
  for (const [field, max] of Object.entries(ERROR_FIELDS)) {
    const value = body[field]
    if (value !== undefined && value !== null && (typeof value !== 'string' || value.length > max))
      return null
  }
  if (typeof body.message !== 'string' || !body.message) return null
  const { rows } = await pool.query(
    `INSERT INTO errors (message, stack, digest, url, source) VALUES ($1, $2, $3, $4, $5)
     RETURNING json_build_object('id', id, 'message', message, 'stack', stack, 'digest', digest,
       'url', url, 'source', source, 'updatedAt', updated_at, 'createdAt', created_at) AS doc`,
    [body.message, body.stack ?? null, body.digest ?? null, body.url ?? null, body.source ?? null],
  )
  return rows[0].doc
}

const isId = (value: unknown): value is number => typeof value === 'number' && isSerialId(value)

/** Distinct ids, as a VDP e-mail's VINs are given. */
const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every(isId) && new Set(value).size === value.length

/** The title the service gives a VDP e-mail: its lead's name and how many VINs it showed. */
const vdpTitle = (row: { first_name: null | string; last_name: null | string }, vins: number) =>
  [
    'VDP e-mail',
    [row.first_name, row.last_name].filter(Boolean).join(' '),
    `${vins} ${vins === 1 ? 'VIN' : 'VINs'}`,
  ]
    .filter(Boolean)
    .join(' · ')

/**
 * The CTEs of a VDP e-mail's version and its VIN rows, in a statement whose CTE `e` returns the
 * row written, `$4` is the time and `$5` the VINs.
 */
const VDP_VERSION = `version AS (
         INSERT INTO _vdp_emails_v (parent_id, version_title, version_lead_id, version_vin_count,
           version_updated_at, version_created_at, version_dealership_id, created_at, updated_at)
         SELECT id, title, lead_id, vin_count, updated_at, created_at, dealership_id, $4, $4 FROM e
         RETURNING id),
       version_rels AS (
         INSERT INTO _vdp_emails_v_rels ("order", parent_id, path, vin_id)
         SELECT ord, (SELECT id FROM version), 'version.vins', vin
           FROM unnest($5::int[]) WITH ORDINALITY AS v(vin, ord))`

/** A VDP e-mail's answer: the record at depth 2. */
const vdpAnswer = async (client: pg.PoolClient, id: number) =>
  (
    await client.query(
      `SELECT ${documentOf(vdpEmail, 'e', 2)} AS doc FROM vdp_emails e WHERE e.id = $1`,
      [id],
    )
  ).rows[0].doc

/**
 * A VDP e-mail of a lead and its VINs: the lead and VINs checked, then in one statement the row
 * (its title from the lead's name; its dealership set by the database's trigger), its VIN rows,
 * its version and the version's VIN rows; answered at depth 2.
 */
const createVdpEmail = async (body: Record<string, unknown>) => {
  const { lead, vins } = body
  if (!isId(lead) || !isIdList(vins)) return null
  return inTransaction(async (client) => {
    const found = await client.query(
      `SELECT first_name, last_name,
              (SELECT count(*)::int FROM vin WHERE id = ANY($2::int[])) AS vins
         FROM lead WHERE id = $1 AND deleted_at IS NULL`,
      [lead, vins],
    )
    const row = found.rows[0]
    if (!row || row.vins !== vins.length) return null
    const { rows } = await client.query(
      `WITH e AS (
         INSERT INTO vdp_emails (title, lead_id, vin_count, updated_at, created_at)
         VALUES ($1, $2, $3, $4, $4) RETURNING *),
       rels AS (
         INSERT INTO vdp_emails_rels ("order", parent_id, path, vin_id)
         SELECT ord, (SELECT id FROM e), 'vins', vin FROM unnest($5::int[]) WITH ORDINALITY AS v(vin, ord)),
       ${VDP_VERSION}
       SELECT id FROM e`,
      [vdpTitle(row, vins.length), lead, String(vins.length), new Date().toISOString(), vins],
    )
    return vdpAnswer(client, rows[0].id)
  })
}

/**
 * A VDP e-mail's VINs replaced (endpoint 12): the VINs checked and the row locked with its lead's
 * name, then in one statement the row (title, count, time), its VIN rows, its version, the
 * version's VIN rows and the trim past the 100th version; answered at depth 2.
 */
const updateVdpEmail = async (id: number, body: Record<string, unknown>) => {
  const { vins } = body
  if (Object.keys(body).some((key) => key !== 'vins') || !isIdList(vins)) return null
  return inTransaction(async (client) => {
    const found = await client.query(
      `SELECT l.first_name, l.last_name,
              (SELECT count(*)::int FROM vin WHERE id = ANY($2::int[])) AS vins
         FROM vdp_emails e JOIN lead l ON l.id = e.lead_id AND l.deleted_at IS NULL
        WHERE e.id = $1 AND e.deleted_at IS NULL FOR UPDATE OF e`,
      [id, vins],
    )
    const row = found.rows[0]
    if (!row || row.vins !== vins.length) return null
    await client.query(
      `WITH e AS (
         UPDATE vdp_emails SET title = $2, vin_count = $3, updated_at = $4 WHERE id = $1
         RETURNING *),
       old_rels AS (DELETE FROM vdp_emails_rels WHERE parent_id = $1 AND path = 'vins'),
       rels AS (
         INSERT INTO vdp_emails_rels ("order", parent_id, path, vin_id)
         SELECT ord, $1, 'vins', vin FROM unnest($5::int[]) WITH ORDINALITY AS v(vin, ord)),
       ${VDP_VERSION},
       trim AS (
         DELETE FROM _vdp_emails_v WHERE parent_id = $1 AND updated_at <= (
           SELECT updated_at FROM _vdp_emails_v WHERE parent_id = $1
            ORDER BY updated_at DESC OFFSET ${MAX_VERSIONS - 1} LIMIT 1))
       SELECT 1`,
      [id, vdpTitle(row, vins.length), String(vins.length), new Date().toISOString(), vins],
    )
    return vdpAnswer(client, id)
  })
}

/** The text fields a lead vendor sends (collections/Leads.ts), none of which may hold an SSN. */
const LEAD_TEXTS = ['firstName', 'lastName', 'source'] as const

/**
 * A new lead from a lead-source key, as the service writes one that duplicates nobody: its
 * duplicate locks (src/leadDesk/duplicateLocks.ts) and then the lookup (a separate statement, so
 * that its snapshot is taken after a twin holding the locks committed), the row with its title,
 * phone keys and match keys, and a delivery per enabled endpoint subscribed to `lead.created`
 * (every column an API client may read, by its column name: the service's keys are the fields'
 * names, and its groups nested, but the work is the same).
 * Its id, or null for a bad value or a duplicate (the benchmark sends none).
 */
const createLead = async (body: Record<string, unknown>): Promise<null | number> => {
  const fields = Object.keys(body)
  if (fields.some((field) => !['email', 'phoneNumber', ...LEAD_TEXTS].includes(field))) return null
  for (const field of LEAD_TEXTS) {
    const value = body[field]
    if (value !== undefined && (typeof value !== 'string' || holdsSsn(value))) return null
  }
  const { email, phoneNumber } = body
  if (email !== undefined && (typeof email !== 'string' || !isIdnEmail(email))) return null
  if (phoneNumber !== undefined && (typeof phoneNumber !== 'string' || !isPhone(phoneNumber)))
    return null
  const keys = matchKeysOf({ ...body, phones: [phoneNumber] })
  const place = 'lead duplicate (no location)'
  const locks = [
    ...(keys.email ? [`${place} email ${keys.email}`] : []),
    ...keys.phones.map((phone) => `${place} phone ${phone}`),
  ].sort()
  const { LEAD_DUPLICATE_DAYS, LEAD_DUPLICATE_RULES } = settings('leadDesk')
  const now = new Date()
  return inTransaction(async (client) => {
    await client.query(
      `SELECT pg_advisory_xact_lock(hashtextextended(name, 0))
         FROM jsonb_array_elements_text($1::jsonb) AS name`,
      [JSON.stringify(locks)],
    )
    const { rows: stored } = await client.query(
      `SELECT match_email AS email, match_first_name AS "firstName",
              match_last_name AS "lastName", coalesce(match_phones, '[]') AS phones
         FROM lead
        WHERE (match_email = $1 OR match_phones ?| $2::text[]) AND location_id IS NULL
          AND created_at >= $3::timestamptz AND merged_into_id IS NULL AND deleted_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT 50`,
      [keys.email, keys.phones, new Date(now.getTime() - LEAD_DUPLICATE_DAYS * 86_400_000)],
    )
    if (stored.some((twin) => ruleMatching(keys, twin, LEAD_DUPLICATE_RULES))) return null
    const title = [body.firstName, body.lastName].filter(Boolean).join(' ')
    const { rows } = await client.query(
      `WITH l AS (
         INSERT INTO lead (title, first_name, last_name, email, phone_number, phone_keys, source,
           match_email, match_first_name, match_last_name, match_phones, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING *),
       ${deliveryCte({
         at: '$12',
         collection: 'lead',
         event: 'lead.created',
         from: 'l',
         record: `to_jsonb(l) - ARRAY['title', 'phone_keys', 'match_email', 'match_first_name',
           'match_last_name', 'match_phones', 'dealership_id']`,
       })}
       SELECT id FROM l`,
      [
        title,
        body.firstName ?? null,
        body.lastName ?? null,
        email ?? null,
        phoneNumber ?? null,
        phoneKeysOf([phoneNumber]),
        body.source ?? null,
        keys.email,
        keys.firstName,
        keys.lastName,
        JSON.stringify(keys.phones),
        now.toISOString(),
      ],
    )
    return rows[0].id as number
  })
}

const readBody = async (req: http.IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
}

const route = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const [, resource, id] = url.pathname.split('/')
  const pageNumber = Number(url.searchParams.get('page') ?? 1)
  if (resource === 'healthz') return answer(res, 200, { status: 'ok' })
  if (req.method === 'POST' && resource === 'consumers') {
    const doc = await createConsumer(await readBody(req))
    if (!doc)
      return answer(res, 400, {
        error: { code: 400, message: 'Invalid Information' },
        success: false,
      })
    return answer(res, 200, { data: revealAsService(doc), success: true })
  }
  if (req.method === 'POST' && resource === 'creditapps') {
    const doc = await createCreditApp(await readBody(req))
    if (!doc)
      return answer(res, 400, {
        error: { code: 400, message: 'Invalid Information' },
        success: false,
      })
    return answer(res, 200, { data: revealAsService(doc), success: true })
  }
  if (req.method === 'POST' && resource === 'errors') {
    const doc = await createError(await readBody(req))
    if (!doc) return answer(res, 400, { errors: [{ message: 'The following field is invalid' }] })
    return answer(res, 201, { doc, message: 'Error record successfully created.' })
  }
  if (req.method === 'POST' && resource === 'leads') {
    const id = await createLead(await readBody(req))
    if (id === null)
      return answer(res, 400, { errors: [{ message: 'The following field is invalid' }] })
    return answer(res, 201, { doc: { id }, message: 'Lead successfully created.' })
  }
  if (req.method === 'POST' && resource === 'vdp-emails') {
    const doc = await createVdpEmail(await readBody(req))
    if (!doc) return answer(res, 400, { errors: [{ message: 'The following field is invalid' }] })
    return answer(res, 201, { doc, message: 'VDP e-mail successfully created.' })
  }
  if (req.method === 'PATCH' && resource === 'vdp-emails') {
    const doc = Number.isSafeInteger(Number(id))
      ? await updateVdpEmail(Number(id), await readBody(req))
      : null
    if (!doc) return answer(res, 400, { errors: [{ message: 'The following field is invalid' }] })
    return answer(res, 200, { doc, message: 'Updated successfully.' })
  }
  if (req.method === 'PATCH' && resource === 'lead-events') {
    const result = Number.isSafeInteger(Number(id))
      ? await updateLeadEvent(Number(id), await readBody(req))
      : { message: 'Not Found', status: 404 }
    if ('doc' in result)
      return answer(res, 200, { doc: result.doc, message: 'Updated successfully.' })
    return answer(res, result.status, {
      errors: [{ message: result.message }],
    })
  }
  if (resource === 'webevents')
    return answer(res, 200, revealAsService(await webEvents(10, pageNumber)))
  if (resource === 'companies')
    return answer(res, 200, await companies(10, pageNumber, url.searchParams.get('like') ?? ''))
  const read = { 'customer-row': getRow, creditapps: getCreditApp, customers: getCustomer }[
    resource
  ]
  const doc = read && id ? await read(decodeURIComponent(id)) : undefined
  if (!doc) return answer(res, 404, { error: { code: 404, message: 'Not Found' }, success: false })
  return answer(res, 200, { data: revealAsService(doc), success: true })
}

const server = http.createServer((req, res) => {
  route(req, res).catch((error) => {
    process.stderr.write(`${(error as Error).stack}\n`)
    if (!res.headersSent)
      answer(res, 500, { error: { code: 500, message: 'failed' }, success: false })
  })
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))))
