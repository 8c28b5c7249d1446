/**
 * Endpoint 12 compiled: an API client's `PATCH /api/vdpEmails/{id}` of the e-mail's VINs (and its
 * lead). Payload's update reads the record, checks and releases document locks, looks up each
 * relation, reads the lead again for the title, deletes and writes every VIN row, reads the row and
 * its version back and reads the answer; this sends, in one transaction:
 *
 * 1. the record's row, locked (`FOR UPDATE`), with its title, lead and VINs, whether a document
 *    lock is held on it, the lead's name (or that it is in the trash or gone) and how many of the
 *    VINs exist;
 * 2. one statement writing the row (title, VIN count, `updatedAt`; its dealership set by the
 *    database's trigger from the lead), its VIN rows when the list changed, its history version
 *    with the version's VIN rows, and the trim of versions past the 100th;
 * 3. the answer, read as Payload's update answers it (as the caller, at the default depth).
 *
 * It writes only where it knows that is all Payload would write; everything else goes through
 * Payload before anything is written (`undefined`): a caller other than an API client that reads
 * what it writes (staff stamp `lastModifiedBy`; a dealer's change is checked against their company),
 * an access answer other than `true`, a body with anything but a lead's id and a list of distinct
 * VIN ids, a record not found or in the trash, a document lock on it (Payload answers 423, or
 * releases an expired one), a lead or VIN that does not exist, a lead in the trash, a title past
 * the text limit, a query string, an Idempotency-Key or a precondition, read replicas, an endpoint
 * subscribed to the updates, a record another write changed while this one waited for its lock,
 * and a collection whose hooks or fields are not the ones this file was written against
 * (vdpEmailRows.ts's `HOOKS`, which names what an update does beyond a create).
 * test/int/vdpEmailPatch.test.ts patches twin records both ways and compares answers, rows and
 * versions.
 */
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDb } from '@/db/transaction'
import { olderVersionsDelete } from '@/fields/history'
import { personName, vdpEmailTitleOf } from '@/fields/titles'
import { isRecord } from '@/lib/isRecord'
import { recordAsCaller } from '@/reads'
import { subscribers } from '@/webhooks/subscriptions'

import type { VdpEmail } from '../../payload-types'
import {
  asksForMore,
  inOwnTransaction,
  mayCompile,
  plainUpdateAccess,
  readsWhatItWrites,
} from './compiledWrites'
import { HOOKS, intArray, isId, isVinList, versionOfRow, vinRowsInsert } from './vdpEmailRows'

/** Off in tests that compare this path with Payload's; `served` counts the patches it answered. */
export const compiledVdpEmailPatches = { enabled: true, served: 0 }

type Patch = { lead?: number; vins?: number[] }

/** The body, when it sets the lead and/or the VINs by id and nothing else; else undefined. */
const patchOf = (body: unknown): Patch | undefined => {
  if (!isRecord(body)) return undefined
  const keys = Object.keys(body)
  if (!keys.length || keys.some((key) => key !== 'lead' && key !== 'vins')) return undefined
  const patch: Patch = {}
  if ('lead' in body) {
    if (!isId(body.lead)) return undefined
    patch.lead = body.lead
  }
  if ('vins' in body) {
    if (!isVinList(body.vins)) return undefined
    patch.vins = body.vins
  }
  return patch
}

type Row = {
  changed: boolean
  first_name: null | string
  last_name: null | string
  lead_found: boolean
  lead_id: null | number
  locked: boolean
  title: null | string
  vins: number[]
  vins_found: number
}

const sameList = (a: number[], b: number[]) =>
  a.length === b.length && a.every((item, n) => item === b[n])

/**
 * The title Payload's update leaves: the stored one when neither the lead nor the VIN list (in
 * its order) changes (titleField), else worked out from the lead's name and the VINs.
 */
const titleAfter = (row: Row, patch: Patch, vins: number[]) =>
  row.title &&
  (patch.lead === undefined || patch.lead === row.lead_id) &&
  (patch.vins === undefined || sameList(patch.vins, row.vins))
    ? row.title
    : vdpEmailTitleOf(
        personName({ firstName: row.first_name, lastName: row.last_name }),
        vins.length,
      )

/**
 * The VDP e-mail after the patch, as Payload's update answers it, or undefined when Payload must
 * write it (nothing has been written then).
 */
export const patchVdpEmail = async (
  req: PayloadRequest,
  id: number,
  body: unknown,
): Promise<undefined | VdpEmail> => {
  const config = req.payload.collections.vdpEmails.config
  if (!mayCompile(req, config, compiledVdpEmailPatches, HOOKS) || asksForMore(req)) return undefined
  const patch = patchOf(body)
  if (!patch || !readsWhatItWrites(req.user)) return undefined
  if (!(await plainUpdateAccess(req, config, id, patch))) return undefined
  if ((await subscribers(req, ['vdp_email.updated'])).length) return undefined
  const doc = await inOwnTransaction(req, async () => {
    const db = await transactionDb(req)
    const asked = patch.vins ?? []
    // The lead the record will name: the patch's, or its own (a lead of its own in the trash is
    // left out of Payload's title, and left to Payload here). Trashed VINs count, as
    // relationsExist counts them. A row another write changed while this one waited for the lock
    // is read again after it, but the other tables as they were before: `changed` says so, and
    // Payload's update, which reads everything again, writes it.
    const { rows } = await db.execute<Row>(sql`
      SELECT e.title, e.lead_id, l.first_name, l.last_name, l.id IS NOT NULL AS lead_found,
             x.changed, x.locked, x.vins, x.vins_found
        FROM vdp_emails e
        LEFT JOIN lead l ON l.id = coalesce(${patch.lead ?? null}::int, e.lead_id)
                        AND l.deleted_at IS NULL
       CROSS JOIN LATERAL (
         SELECT e.updated_at IS DISTINCT FROM
                  (SELECT s.updated_at FROM vdp_emails s WHERE s.id = e.id) AS changed,
                EXISTS (SELECT 1 FROM payload_locked_documents_rels r
                         WHERE r.path = 'document' AND r.vdp_emails_id = e.id) AS locked,
                ARRAY(SELECT vin_id FROM vdp_emails_rels
                       WHERE parent_id = e.id AND path = 'vins' ORDER BY "order") AS vins,
                (SELECT count(*)::int FROM vin WHERE id = ANY(${intArray(asked)}::int[]))
                  AS vins_found) x
       WHERE e.id = ${id} AND e.deleted_at IS NULL
         FOR UPDATE OF e`)
    const row = rows[0]
    if (!row || row.changed || row.locked || !row.lead_found) return undefined
    if (row.vins_found !== asked.length) return undefined
    const vins = patch.vins ?? row.vins
    const title = titleAfter(row, patch, vins)
    const max = req.payload.config.defaultMaxTextLength
    if (typeof max === 'number' && title.length > max) return undefined
    const now = new Date().toISOString()
    const lead = patch.lead === undefined ? sql`lead_id` : sql`${patch.lead}`
    const newVins = patch.vins
      ? sql`old_rels AS (DELETE FROM vdp_emails_rels WHERE parent_id = ${id} AND path = 'vins'),
            rels AS (${vinRowsInsert('vdp_emails_rels', sql`${id}`, 'vins', patch.vins)}),`
      : sql``
    await db.execute(sql`
      WITH e AS (
        UPDATE vdp_emails SET title = ${title}, lead_id = ${lead},
               vin_count = ${String(vins.length)}, updated_at = ${now}
         WHERE id = ${id} RETURNING *),
      ${newVins}
      ${versionOfRow(now, vins)},
      trim AS (${olderVersionsDelete('_vdp_emails_v', id, { inTheSameStatement: true })})
      SELECT 1`)
    // The answer as Payload's update makes it: the record read as the caller may read it, at the
    // default depth (no query string comes this way), its id last as Payload's update answers it.
    const read = await recordAsCaller<VdpEmail>(
      req,
      'vdpEmails',
      id,
      req.payload.config.defaultDepth,
    )
    const { id: _id, ...fields } = read
    return { ...fields, id }
  })
  if (doc) compiledVdpEmailPatches.served++
  return doc
}
