/**
 * What the compiled VDP e-mail writes share (vdpEmailCreate.ts, vdpEmailPatch.ts): the collection
 * as they were written against, the body's checks and the rows written with a version.
 */
import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'

import { isSerialId } from '@/db/ids'

/**
 * The hooks and fields the compiled create and update do the work of, as the sanitized collection
 * lists them (see hookSignature). For an API client's write of a lead and VINs: the timestamps set
 * by the server, the values' types checked, the relations looked up (in each write's first
 * statement), the VIN count and the title worked out (on an update, the stored title kept when
 * neither the lead nor the VIN list changes: titleField), the version written (on an update, the
 * history trimmed past the 100th: trimHistory); the user stamps stay as they were for an API client
 * (empty on a create), and the rest act on other operations, other callers or an Idempotency-Key.
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
            FROM unnest(${intArray(vins)}::int[]) WITH ORDINALITY AS v(vin, ord)`
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

/** Checked ids as one PostgreSQL array value (`{1,2,3}`), sent as one parameter. */
export const intArray = (ids: number[]): string => `{${ids.join(',')}}`
