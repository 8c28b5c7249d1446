/**
 * Optimistic concurrency. Every answer that carries one record (a GET or PATCH of
 * `/api/<path>/<id>`, commerce or REST) has a strong `ETag` of two parts, `"<version>.<body>"`:
 * a hash of the record's id and `updatedAt`, and a hash of the answer's bytes.
 * - `If-None-Match` on a GET compares whole tags: 304 only for the very same answer, so a record
 *   embedded at a deeper `depth` that changed is not hidden behind an unchanged outer record
 *   (browsers revalidate cached answers this way, the admin UI's included).
 * - `If-Match` on a PATCH or DELETE compares the version part: 412 when the record itself
 *   changed since, whatever path or depth the tag was read from (`If-None-Match` on a write: 412
 *   when it names the current version, or is `*`).
 *
 * Two writes in the same millisecond would share a version; the If-Match check cannot be raced
 * that way, as it reads the version under a row lock held until the write commits.
 */
import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeOperationHook } from 'payload'

import { transactionDb } from '../db/transaction'
import { ClientError } from '../errors'
import { isRecord } from '../lib/isRecord'

export const PRECONDITION_FAILED =
  'The record has changed since the version named in If-Match. Read it again and reapply the change.'
export const NONE_MATCH_FAILED =
  'The record is at a version named in If-None-Match (or the header is * and the record exists): nothing was written.'
const BULK_PRECONDITION =
  'If-Match and If-None-Match apply to one record: PATCH or DELETE /api/<collection>/<id>.'

type Version = { id: number | string; updatedAt: Date | string }

const digest = (value: Buffer | string, length: number) =>
  crypto.createHash('sha256').update(value).digest('base64url').slice(0, length)

/** The version part of a tag: 22 characters of a SHA-256 of the id and `updatedAt`. */
export const versionOf = ({ id, updatedAt }: Version): string =>
  digest(`${id}\n${new Date(updatedAt).toISOString()}`, 22)

/** The record an answer carries: a REST read (the record), a REST write (`doc`), a commerce answer (`data`). */
const answeredVersion = (body: unknown): null | Version => {
  if (!isRecord(body)) return null
  const record = isRecord(body.doc) ? body.doc : isRecord(body.data) ? body.data : body
  const { id, updatedAt } = record
  return (typeof id === 'string' || typeof id === 'number') && typeof updatedAt === 'string'
    ? { id, updatedAt }
    : null
}

/** The tag of a 200 answer to a GET or PATCH of one record (two segments under /api), if it has one. */
export const answerTag = (method: string, path: string, status: number, body: Buffer) => {
  if (status !== 200 || !['GET', 'PATCH'].includes(method)) return undefined
  if (path.split('/').filter(Boolean).length !== 3) return undefined
  try {
    const version = answeredVersion(JSON.parse(body.toString('utf8')))
    return version ? `"${versionOf(version)}.${digest(body, 11)}"` : undefined
  } catch {
    return undefined
  }
}

const tagsOf = (header: string) => header.split(',').map((item) => item.trim())

/** If-None-Match: `*`, or one of the listed tags (weakly compared, as RFC 9110 asks). */
export const noneMatchHits = (header: string, tag: string): boolean =>
  tagsOf(header).some((item) => item === '*' || item.replace(/^W\//, '') === tag)

/**
 * A write's precondition: `*`, or a listed quoted tag whose version part is `version`. If-Match
 * compares strongly (a weak tag never matches), If-None-Match weakly (RFC 9110, 13.1.1-2).
 */
const matchHits = (header: string, version: string, weak = false): boolean =>
  tagsOf(header)
    .map((item) => (weak ? item.replace(/^W\//, '') : item))
    .some(
      (item) =>
        item === '*' || (/^"[^"]*"$/.test(item) && item.slice(1, -1).split('.')[0] === version),
    )

/** The snake_case table name Payload's adapter gives a collection (`leadEvents` → `lead_events`). */
const tableOf = (slug: string) =>
  slug
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase()

/**
 * beforeOperation on every collection: a single-record update or delete sent with `If-Match` or
 * `If-None-Match` locks the record's row in the operation's transaction, then compares its
 * version: `If-Match` must name it (or be `*`), `If-None-Match` must not (`*` never passes, the
 * record exists); otherwise 412 and nothing is written. Only the request's first write is
 * checked (the one the request names; hooks may write other records after it).
 */
export const checkIfMatch: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  const ifMatch = req.headers?.get('if-match')
  const ifNoneMatch = req.headers?.get('if-none-match')
  const write = operation === 'update' || operation === 'delete'
  if (!write || (!ifMatch && !ifNoneMatch) || req.context.ifMatchChecked) return args
  req.context.ifMatchChecked = true
  // The id of a write by id (a bulk write has a `where` instead).
  const id = (args as { id?: number | string }).id
  if (id === undefined) throw new ClientError(BULK_PRECONDITION, 400)
  const { tableNameMap } = req.payload.db as unknown as { tableNameMap: Map<string, string> }
  const tableName = tableNameMap.get(tableOf(collection.slug)) ?? tableOf(collection.slug)
  const db = await transactionDb(req)
  const { rows } = (await db.execute(
    sql`SELECT id, updated_at FROM ${sql.identifier(tableName)} WHERE id = ${id} FOR UPDATE`,
  )) as unknown as { rows: { id: number | string; updated_at: Date | string }[] }
  // No such record: Payload's own 404 follows.
  if (!rows[0]) return args
  const version = versionOf({ id: rows[0].id, updatedAt: rows[0].updated_at })
  if (ifMatch && !matchHits(ifMatch, version)) throw new ClientError(PRECONDITION_FAILED, 412)
  if (ifNoneMatch && matchHits(ifNoneMatch, version, true))
    throw new ClientError(NONE_MATCH_FAILED, 412)
  return args
}
