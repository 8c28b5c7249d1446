/**
 * The VDP e-mail create compiled: an API client's `POST /api/vdpEmails` of a lead and the VINs the
 * e-mail showed, in four statements instead of Payload's fifteen (BEGIN, a lookup per relation,
 * the lead read again for the title, the row, its VIN rows, the row read back, the version and
 * its VIN rows, five reads for the answer at depth 2, COMMIT):
 *
 * 1. the lead (its name, for the title; whether it is in the trash) and how many of the VINs exist;
 * 2. in a transaction: one statement writing the row (its dealership set by the database's
 *    trigger from the lead), its VIN rows, its first version and the version's VIN rows;
 * 3. the answer, read as Payload's create answers it (as the caller, at the default depth: one
 *    compiled read, src/reads, or Payload's findByID where that cannot).
 *
 * It writes only where it knows that is all Payload would write; everything else goes through
 * Payload before anything is written (`undefined`): a caller other than an API client that reads
 * what it writes (staff stamp `createdBy`; a dealer's create is checked against their company),
 * an access answer other than `true`, a body with anything but a lead's id and a list of distinct
 * VIN ids, a lead or VIN that does not exist or a lead in the trash (Payload's 400 names the
 * field), a query string, an Idempotency-Key or a precondition, read replicas, an endpoint
 * subscribed to the creates, and a collection whose hooks or fields are not the ones this file
 * was written against (`HOOKS`). test/int/vdpEmailCreate.test.ts sends the same bodies both ways
 * and compares answers, rows and versions.
 */
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { drizzleOf } from '@/db/adapter'
import { transactionDb } from '@/db/transaction'
import { personName } from '@/fields/titles'
import { isRecord } from '@/lib/isRecord'
import { recordAsCaller } from '@/reads'

import { ROLE_SETS } from '../../access/policy'
import { checkRole } from '../../access/roles'
import type { VdpEmail } from '../../payload-types'
import {
  asksForMore,
  inOwnTransaction,
  mayCompile,
  orPayload,
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

/** More VINs than one e-mail shows goes to Payload (its statements grow with the list). */
const MAX_VINS = 100

type Body = { lead: number; vins: number[] }

/** The largest id of a serial column (PostgreSQL's integer); a larger one is Payload's 400. */
const MAX_ID = 2_147_483_647

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID

/** The body, when it names a lead and distinct VINs by id and nothing else; else undefined. */
const bodyOf = (body: unknown): Body | undefined => {
  if (!isRecord(body)) return undefined
  if (Object.keys(body).some((key) => key !== 'lead' && key !== 'vins')) return undefined
  const { lead, vins = [] } = body
  if (!isId(lead) || !Array.isArray(vins) || vins.length > MAX_VINS) return undefined
  if (!vins.every(isId) || new Set(vins).size !== vins.length) return undefined
  return { lead, vins }
}

type Found = { first_name: null | string; last_name: null | string; vins: number }

/** "VDP e-mail · Ada Lovelace · 3 VINs", as vdpEmailTitle (src/fields/titles.ts) makes it. */
const titleOf = (found: Found, vins: number) =>
  [
    'VDP e-mail',
    personName({ firstName: found.first_name, lastName: found.last_name }),
    `${vins} ${vins === 1 ? 'VIN' : 'VINs'}`,
  ]
    .filter(Boolean)
    .join(' · ')

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
  const { user } = req
  if (user?.collection !== 'api-clients' || checkRole(user, ROLE_SETS.writeOnly)) return undefined
  const body = bodyOf(data)
  if (!body || (await config.access.create({ data: body, req })) !== true) return undefined
  if (!(await validOnCreate(req, config, body, ['lead', 'vins']))) return undefined
  // Trashed VINs count, as relationsExist counts them; a trashed lead is left to Payload, as is
  // any failure here (nothing is written yet).
  const found = await orPayload(req, async () => {
    const { rows } = await drizzleOf(req.payload).execute<Found>(sql`
    SELECT l.first_name, l.last_name,
           (SELECT count(*)::int FROM vin
             WHERE id = ANY(${`{${body.vins.join(',')}}`}::int[])) AS vins
      FROM lead l WHERE l.id = ${body.lead} AND l.deleted_at IS NULL`)
    return rows[0]
  })
  if (!found || found.vins !== body.vins.length) return undefined
  const doc = await inOwnTransaction(req, async () => {
    const db = await transactionDb(req)
    const now = new Date().toISOString()
    // The VIN rows of the record or of its version, in the list's order (1-based, as Payload's).
    const vinRows = (table: string, parent: string, path: string) =>
      body.vins.length
        ? sql`INSERT INTO ${sql.raw(table)} ("order", parent_id, path, vin_id)
              SELECT ord, (SELECT id FROM ${sql.raw(parent)}), ${path}, vin
                FROM unnest(${`{${body.vins.join(',')}}`}::int[]) WITH ORDINALITY AS v(vin, ord)`
        : sql`SELECT 1`
    const { rows: written } = await db.execute<{ id: number }>(sql`
      WITH e AS (
        INSERT INTO vdp_emails (title, lead_id, created_by_id, last_modified_by_id, vin_count,
                                updated_at, created_at, deleted_by)
        VALUES (${titleOf(found, body.vins.length)}, ${body.lead}, NULL, NULL,
                ${String(body.vins.length)}, ${now}, ${now}, NULL)
        RETURNING *),
      rels AS (${vinRows('vdp_emails_rels', 'e', 'vins')}),
      version AS (
        INSERT INTO _vdp_emails_v (parent_id, version_title, version_lead_id,
          version_created_by_id, version_last_modified_by_id, version_vin_count,
          version_updated_at, version_created_at, version_dealership_id, version_deleted_at,
          version_deleted_by, created_at, updated_at)
        SELECT id, title, lead_id, created_by_id, last_modified_by_id, vin_count, updated_at,
               created_at, dealership_id, deleted_at, deleted_by, ${now}, ${now} FROM e
        RETURNING id),
      version_rels AS (${vinRows('_vdp_emails_v_rels', 'version', 'version.vins')})
      SELECT id FROM e`)
    const id = written[0].id
    // The answer as Payload's create makes it: the record read as the caller may read it, at the
    // default depth (no query string comes this way), compiled when the reads can be.
    return recordAsCaller<VdpEmail>(req, 'vdpEmails', id, req.payload.config.defaultDepth)
  })
  if (doc) compiledVdpEmailCreates.served++
  return doc
}
