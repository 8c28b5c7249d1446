/**
 * Optimistic concurrency on writes (the reading half, ETags on answers, is src/http/etag.ts). A
 * record's version is a hash of its id and `updatedAt`: `If-Match` on a PATCH or DELETE must name
 * it (compared strongly), `If-None-Match` must not (compared weakly, as RFC 9110 asks); else 412
 * and nothing is written. Two writes in the same millisecond would share a version; the check
 * cannot be raced that way, as it reads the version under a row lock held until the write commits.
 */
import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeOperationHook } from 'payload'

import { tableNameOf } from '@/db/adapter'
import { transactionDb } from '@/db/transaction'
import { ClientError } from '@/errors'
import { digest } from '@/lib/digest'

export const PRECONDITION_FAILED =
  'The record has changed since the version named in If-Match. Read it again and reapply the change.'
export const NONE_MATCH_FAILED =
  'The record is at a version named in If-None-Match (or the header is * and the record exists): nothing was written.'
const BULK_PRECONDITION =
  'If-Match and If-None-Match apply to one record: PATCH or DELETE /api/<collection>/<id>.'

type Version = { id: number | string; updatedAt: Date | string }

/** The version part of a tag: 22 characters of a SHA-256 of the id and `updatedAt`. */
export const versionOf = ({ id, updatedAt }: Version): string =>
  digest(`${id}\n${new Date(updatedAt).toISOString()}`, 22)

/** The tags an If-Match or If-None-Match header lists. */
export const tagsOf = (header: string) => header.split(',').map((item) => item.trim())

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
  const id = 'id' in args ? args.id : undefined
  if (id === undefined) throw new ClientError(BULK_PRECONDITION, 400)
  const tableName = tableNameOf(req.payload, collection.slug)
  const db = await transactionDb(req)
  const { rows } = await db.execute<{ id: number | string; updated_at: Date | string }>(
    sql`SELECT id, updated_at FROM ${sql.identifier(tableName)} WHERE id = ${id} FOR UPDATE`,
  )
  // No such record: Payload's own 404 follows.
  if (!rows[0]) return args
  const version = versionOf({ id: rows[0].id, updatedAt: rows[0].updated_at })
  if (ifMatch && !matchHits(ifMatch, version)) throw new ClientError(PRECONDITION_FAILED, 412)
  if (ifNoneMatch && matchHits(ifNoneMatch, version, true))
    throw new ClientError(NONE_MATCH_FAILED, 412)
  return args
}
