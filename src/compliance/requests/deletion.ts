/**
 * A deletion request carried out (Cal. Civ. Code 1798.105): the consumer is de-identified in
 * the records the law lets go (the retention job's de-identification, src/compliance/retention),
 * their own SSN and birth date are removed from their consumer record, and their data key is
 * destroyed unless a kept finance record still needs it. What was kept, and the rule keeping it,
 * is written on the request (`outcome`), which is marked completed. One transaction; carried out
 * once (409 for a request completed or denied), and never for a consumer under a legal hold (409).
 */
import { sql } from '@payloadcms/db-postgres'
import { type PayloadRequest } from 'payload'

import { recordAudit } from '@/creditData/audit'
import { destroyDataKey } from '@/creditData/consumerKeys'
import { transactionDb, withTransaction } from '@/db/transaction'
import { ClientError } from '@/errors'
import { relationId } from '@/lib/relationId'

import type { ConsumerRequest } from '../../../payload-types'
import { deidentifyConsumer } from '../retention/deidentify'
import { CARRYING_OUT_DELETION } from './status'

/** The statuses a deletion is carried out from. */
const OPEN = ['received', 'confirmed']

export const carryOutDeletion = async (req: PayloadRequest, request: ConsumerRequest) => {
  const consumer = String(relationId(request.consumer))
  return withTransaction(req, async () => {
    const db = await transactionDb(req)
    // The request's row first: of two callers at once, the second sees the first one's outcome.
    const { rows } = await db.execute<{ outcome: unknown; status: string }>(
      sql`SELECT status, outcome FROM consumer_requests WHERE id = ${request.id} FOR UPDATE`,
    )
    const current = rows[0]
    if (current && (current.outcome || !OPEN.includes(current.status)))
      throw new ClientError(
        `Deletion request ${request.id} is ${current.status}: it is carried out once, while received or confirmed.`,
        409,
      )
    await db.execute(sql`SELECT id FROM consumer WHERE id = ${consumer} FOR UPDATE`)
    // A legal hold keeps everything, as it does from the retention job (docs/compliance.md).
    const { rows: holds } = await db.execute<{ id: number }>(
      sql`SELECT id FROM legal_holds WHERE consumer_id = ${consumer} AND released_at IS NULL LIMIT 1`,
    )
    if (holds.length)
      throw new ClientError(
        `Consumer ${consumer} is under legal hold ${holds[0].id}: nothing is deleted until it is released.`,
        409,
      )
    const report = await deidentifyConsumer(db, consumer)
    await db.execute(sql`UPDATE consumer SET ssn = NULL, birth_date = '' WHERE id = ${consumer}`)
    const financeRecords = report.kept.some((kept) =>
      ['credit-app', 'pre-approval', 'credit-report'].includes(kept.collection),
    )
    const keyDestroyed = financeRecords ? false : await destroyDataKey(db, consumer)
    await recordAudit(req, {
      action: 'deidentify',
      collection: 'consumer',
      fields: [
        ...(keyDestroyed ? ['dataKey'] : []),
        'birthDate',
        'ssn',
        ...new Set(report.deidentified.flatMap((entry) => entry.fields)),
      ],
      recordId: consumer,
    })
    const doc = await req.payload.update({
      collection: 'consumer-requests',
      data: {
        outcome: {
          ...report,
          carriedOutAt: new Date().toISOString(),
          creditDataKey: keyDestroyed
            ? 'destroyed: no kept record needs it'
            : 'kept: kept finance records still hold values sealed with it',
        },
        status: 'completed',
      },
      context: { [CARRYING_OUT_DELETION]: true },
      depth: 0,
      id: request.id,
      req,
    })
    return doc
  })
}
