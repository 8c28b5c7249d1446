/**
 * Optimistic concurrency. Every answer that carries one record (a GET or PATCH of
 * `/api/<path>/<id>`, commerce or REST) has a strong `ETag` of two parts, `"<version>.<body>"`:
 * a hash of the record's id and `updatedAt`, and a hash of the answer's bytes.
 * - `If-None-Match` on a GET compares whole tags: 304 only for the very same answer, so a record
 *   embedded at a deeper `depth` that changed is not hidden behind an unchanged outer record
 *   (browsers revalidate cached answers this way, the admin UI's included).
 * - `If-Match` and `If-None-Match` on a PATCH or DELETE compare the version part, whatever path
 *   or depth the tag was read from: a Payload hook checks them in the write's transaction
 *   (hooks/checkIfMatch.ts).
 */
import { digest } from '@/lib/digest'
import { isRecord } from '@/lib/isRecord'

import { tagsOf, versionOf } from '../../hooks/checkIfMatch'

/** The record an answer carries: a REST read (the record), a REST write (`doc`), a commerce answer (`data`). */
const answeredVersion = (body: unknown): null | Parameters<typeof versionOf>[0] => {
  if (!isRecord(body)) return null
  const record = isRecord(body.doc) ? body.doc : isRecord(body.data) ? body.data : body
  const { id, updatedAt } = record
  return (typeof id === 'string' || typeof id === 'number') && typeof updatedAt === 'string'
    ? { id, updatedAt }
    : null
}

/**
 * The tag of a 200 answer to a GET or PATCH of one record (two segments under /api), if it has
 * one. A commerce answer names its record's version (`version`); a REST answer is parsed for it.
 */
export const answerTag = (
  method: string,
  path: string,
  status: number,
  body: Buffer,
  version?: null | string,
) => {
  if (status !== 200 || !['GET', 'PATCH'].includes(method)) return undefined
  if (path.split('/').filter(Boolean).length !== 3) return undefined
  if (version) return `"${version}.${digest(body, 11)}"`
  try {
    const version = answeredVersion(JSON.parse(body.toString('utf8')))
    return version ? `"${versionOf(version)}.${digest(body, 11)}"` : undefined
  } catch {
    return undefined
  }
}

/** If-None-Match: `*`, or one of the listed tags (weakly compared, as RFC 9110 asks). */
export const noneMatchHits = (header: string, tag: string): boolean =>
  tagsOf(header).some((item) => item === '*' || item.replace(/^W\//, '') === tag)
