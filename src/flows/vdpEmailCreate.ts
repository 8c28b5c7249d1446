/**
 * The VDP e-mail create compiled: an API client's `POST /api/vdpEmails` of a lead and the VINs the
 * e-mail showed. Payload's create sends 12–17 statements (BEGIN, a lookup per relation, the lead
 * read again for the title, the row, its VIN rows, the row read back, the version and its VIN
 * rows, the answer's reads: 3 to 8, by what the lead embeds, COMMIT); this sends 5 fewer:
 *
 * 1. in a transaction, the lead (its name, for the title; whether it is in the trash) and how many
 *    of the VINs exist;
 * 2. one statement writing the row (its dealership set by the database's trigger from the lead),
 *    its VIN rows, its first version and the version's VIN rows;
 * 3. the answer, read as Payload's create answers it (as the caller, at the default depth: one
 *    compiled read, src/reads, or Payload's findByID where that cannot, as for a lead's assignee).
 *
 * It writes only where it knows that is all Payload would write; everything else goes through
 * Payload before anything is written (`undefined`): a caller other than an API client that reads
 * what it writes (staff stamp `createdBy`; a dealer's create is checked against their company),
 * an access answer other than `true`, a body with anything but a lead's id and a list of distinct
 * VIN ids, a lead or VIN that does not exist (Payload's 400 names the field), a lead in the trash
 * (Payload's title then leaves its name out), a title past the text limit, a query string, an
 * Idempotency-Key or a precondition, read replicas, an endpoint subscribed to the creates, and a
 * collection whose hooks or fields are not the ones this file was written against (`HOOKS`).
 * test/int/vdpEmailCreate.test.ts sends the same bodies both ways and compares answers, rows and
 * versions.
 */
import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'

import { isSerialId } from '@/db/ids'
import { transactionDb } from '@/db/transaction'
import { personName, vdpEmailTitleOf } from '@/fields/titles'
import { isRecord } from '@/lib/isRecord'
import { recordAsCaller } from '@/reads'

import type { VdpEmail } from '../../payload-types'
import {
  asksForMore,
  inOwnTransaction,
  mayCompile,
  readsWhatItWrites,
  validOnCreate,
} from './compiledWrites'

/** Off in tests that compare this path with Payload's; `served` counts the creates it answered. */
export const compiledVdpEmailCreates = { enabled: true, served: 0 }

/**
 * The hooks and fields this file does the work of, as the sanitized collection lists them (see
 * hookSignature). On an API client's create of a lead and VINs: the timestamps set by the server,
 * the values' types checked, the relations looked up (here in the first statement), the VIN count
 * and the title worked out, the first version written; the user stamps stay empty for an API
 * client, and the rest act on other operations, other callers or an Idempotency-Key.
 */
export const HOOKS = [
  'afterChange:trimHistory,recordWebhookEvents,markIdempotentCreate,sendBatchedWrites',
  'beforeChange:countVins,trashOnlyUnreferenced',
  'beforeDelete:stillReferenced',
  'beforeOperation:accessFirst,noSensitiveQueries,validFilters,reduceFilters,limitTrashToStaff,noNullGroups,noChosenIds,checkIfMatch,restoreByStaffAdmins',
  'beforeValidate:serverTimestamps,valueTypes,keepInCompany,relationsExist',
  'field:createdBy.beforeChange,deletedAt.afterRead,deletedBy.afterRead,deletedBy.beforeChange,lastModifiedBy.beforeChange,title.beforeChange',
  'shape:title:text+read,lead:relationship,vins:relationship,createdBy:relationship,lastModifiedBy:relationship,vinCount:text,updatedAt:date,createdAt:date,dealership:relationship+read,deletedAt:date,deletedBy:text',
].join('\n')

/**
 * A longer list goes to Payload: the list is sent as one array value, and an e-mail shows a few
 * vehicles; a list of thousands is nothing this path needs to be fast for.
 */
const MAX_VINS = 100

type Body = { lead: number; vins: number[] }

export const isId = (value: unknown): value is number =>
  typeof value === 'number' && isSerialId(value)

/** A list of distinct VIN ids, as this path writes one. */
export const isVinList = (vins: unknown): vins is number[] =>
  Array.isArray(vins) &&
  vins.length <= MAX_VINS &&
  vins.every(isId) &&
  new Set(vins).size === vins.length

/**
 * The VIN rows of a record or of its version (`parent`, its id), in the list's order (1-based, as
 * Payload's); the list is sent as one array value, built from checked ids.
 */
export const vinRowsInsert = (
  table: '_vdp_emails_v_rels' | 'vdp_emails_rels',
  parent: SQL,
  path: 'version.vins' | 'vins',
  vins: number[],
) =>
  vins.length
    ? sql`INSERT INTO ${sql.raw(table)} ("order", parent_id, path, vin_id)
          SELECT ord, ${parent}, ${path}, vin
            FROM unnest(${`{${vins.join(',')}}`}::int[]) WITH ORDINALITY AS v(vin, ord)`
    : sql`SELECT 1`

/**
 * The CTEs `version` and `version_rels` of a statement whose CTE `e` returns the record's row as
 * written: its history version as Payload writes one, and the version's VIN rows.
 */
export const versionOfRow = (now: string, vins: number[]) => sql`
  version AS (
    INSERT INTO _vdp_emails_v (parent_id, version_title, version_lead_id,
      version_created_by_id, version_last_modified_by_id, version_vin_count,
      version_updated_at, version_created_at, version_dealership_id, version_deleted_at,
      version_deleted_by, created_at, updated_at)
    SELECT id, title, lead_id, created_by_id, last_modified_by_id, vin_count, updated_at,
           created_at, dealership_id, deleted_at, deleted_by, ${now}, ${now} FROM e
    RETURNING id),
  version_rels AS (${vinRowsInsert('_vdp_emails_v_rels', sql`(SELECT id FROM version)`, 'version.vins', vins)})`

/** The body, when it names a lead and distinct VINs by id and nothing else; else undefined. */
const bodyOf = (body: unknown): Body | undefined => {
  if (!isRecord(body)) return undefined
  if (Object.keys(body).some((key) => key !== 'lead' && key !== 'vins')) return undefined
  const { lead, vins = [] } = body
  return isId(lead) && isVinList(vins) ? { lead, vins } : undefined
}

/** Whether this path may write the body: the caller, access and each field's validator. */
const mayWrite = async (req: PayloadRequest, body: Body): Promise<boolean> => {
  const config = req.payload.collections.vdpEmails.config
  return (
    readsWhatItWrites(req.user) &&
    (await config.access.create({ data: body, req })) === true &&
    (await validOnCreate(req, config, body, ['lead', 'vins']))
  )
}

type Found = { first_name: null | string; last_name: null | string; vins: number }

/**
 * The VDP e-mail created, as Payload's create answers it, or undefined when Payload must create
 * it (nothing has been written then).
 */
export const createVdpEmail = async (
  req: PayloadRequest,
  data: unknown,
): Promise<undefined | VdpEmail> => {
  const config = req.payload.collections.vdpEmails.config
  if (!mayCompile(req, config, compiledVdpEmailCreates, HOOKS) || asksForMore(req)) return undefined
  if (config.custom?.webhookEvents?.create) return undefined
  const body = bodyOf(data)
  if (!body || !(await mayWrite(req, body))) return undefined
  // One array value, built from the checked ids.
  const vins = `{${body.vins.join(',')}}`
  const doc = await inOwnTransaction(req, async () => {
    const db = await transactionDb(req)
    // Trashed VINs count, as relationsExist counts them.
    const { rows } = await db.execute<Found>(sql`
      SELECT l.first_name, l.last_name,
             (SELECT count(*)::int FROM vin WHERE id = ANY(${vins}::int[])) AS vins
        FROM lead l WHERE l.id = ${body.lead} AND l.deleted_at IS NULL`)
    const found = rows[0]
    if (!found || found.vins !== body.vins.length) return undefined
    const name = personName({ firstName: found.first_name, lastName: found.last_name })
    const title = vdpEmailTitleOf(name, body.vins.length)
    const max = req.payload.config.defaultMaxTextLength
    if (typeof max === 'number' && title.length > max) return undefined
    const now = new Date().toISOString()
    const { rows: written } = await db.execute<{ id: number }>(sql`
      WITH e AS (
        INSERT INTO vdp_emails (title, lead_id, created_by_id, last_modified_by_id, vin_count,
                                updated_at, created_at, deleted_by)
        VALUES (${title}, ${body.lead}, NULL, NULL, ${String(body.vins.length)}, ${now}, ${now},
                NULL)
        RETURNING *),
      rels AS (${vinRowsInsert('vdp_emails_rels', sql`(SELECT id FROM e)`, 'vins', body.vins)}),
      ${versionOfRow(now, body.vins)}
      SELECT id FROM e`)
    // The answer as Payload's create makes it: the record read as the caller may read it, at the
    // default depth (no query string comes this way), compiled when the reads can be.
    return recordAsCaller<VdpEmail>(
      req,
      'vdpEmails',
      written[0].id,
      req.payload.config.defaultDepth,
    )
  })
  if (doc) compiledVdpEmailCreates.served++
  return doc
}
