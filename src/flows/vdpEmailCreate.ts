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
 *    compiled read, src/reads, with the lead's assignee found by Payload's dataloader; Payload's
 *    findByID where the reads cannot).
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
import type { PayloadRequest } from 'payload'

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
import { HOOKS, intArray, isId, isVinList, versionOfRow, vinRowsInsert } from './vdpEmailRows'

/** Off in tests that compare this path with Payload's; `served` counts the creates it answered. */
export const compiledVdpEmailCreates = { enabled: true, served: 0 }

type Body = { lead: number; vins: number[] }

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
  const vins = intArray(body.vins)
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
