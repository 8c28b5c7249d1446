/**
 * What the compiled writes' differential tests read back of a write (test/int/*Create.test.ts):
 * credit-data values opened once shown sealed as the service seals them, the audit entries and
 * the webhook deliveries of a record.
 */
import { expect } from '@jest/globals'
import type { Payload } from 'payload'
import type pg from 'pg'

import { decryptValue } from '@/creditData/cipher'
import { openInner, readDataKey } from '@/creditData/consumerKeys'
import { drizzleOf } from '@/db/adapter'

import { refuseWrite } from './refuseWrite'

/**
 * A stored credit-data value in clear, once it is shown to be sealed as the service seals a
 * consumer's values: with the master key around the consumer's own data key.
 */
const openedSealed =
  (payload: Payload) => async (stored: unknown, field: string, consumer: string) => {
    if (stored === null) return null
    expect(String(stored)).toMatch(/^enc:v1:/)
    const inner = decryptValue(String(stored), field)
    expect(inner.startsWith(`ck:v1:${consumer}:`)).toBe(true)
    const db = drizzleOf(payload)
    return `sealed:${await openInner(inner, field, (owner) => readDataKey(db, owner))}`
  }

/**
 * `row` (a version's with `prefix` 'version_') with its birth date and SSN in clear, each shown
 * sealed with the key of `consumer`.
 */
export const withValuesOpened = async (
  payload: Payload,
  row: Record<string, unknown>,
  consumer: string,
  prefix = '',
) => {
  const opened = openedSealed(payload)
  return {
    ...row,
    [`${prefix}birth_date`]: await opened(row[`${prefix}birth_date`], 'birthDate', consumer),
    [`${prefix}ssn`]: await opened(row[`${prefix}ssn`], 'ssn', consumer),
  }
}

/** The audit entries of record `$1`, each with its field names. */
export const AUDIT_ENTRIES = `SELECT action, collection, record_id, actor, identity,
    ARRAY(SELECT text FROM audit_log_texts t WHERE t.parent_id = a.id ORDER BY "order") AS fields
  FROM audit_log a WHERE record_id = $1 ORDER BY id`

/** The webhook deliveries of record `$1` of `collection`. */
export const deliveriesOf = (collection: string) =>
  `SELECT event, endpoint_id, record_key, status, attempts, payload
     FROM webhook_deliveries WHERE record_key = '${collection}:' || $1 ORDER BY id`

/**
 * A write refused by the database in the middle, both ways (`send`, a bothWaysWith call whose
 * first name is 'Refused'): every attempt to write its version in `versions` fails, and is counted.
 * Both answer the same error, `tables` hold as many rows as before, and the version was tried
 * three times: Payload's create, then the compiled write (rolled back) and Payload's again.
 */
export const refusedBothWays = async (
  db: pg.Pool,
  versions: string,
  tables: string[],
  send: () => Promise<{ compiled: Answered; payload: Answered }>,
): Promise<void> => {
  const refusal = await refuseWrite(db, versions, {
    once: false,
    when: `NEW.version_first_name = 'Refused'`,
  })
  const count = async () =>
    (
      await db.query(
        `SELECT ${tables.map((table) => `(SELECT count(*) FROM ${table})`).join(' + ')} AS n`,
      )
    ).rows[0].n
  try {
    const before = await count()
    const { compiled, payload } = await send()
    expect(compiled.status).toBe(payload.status)
    expect(compiled.status).toBeGreaterThanOrEqual(400)
    expect(compiled.answer).toEqual(payload.answer)
    expect(await count()).toBe(before)
    expect(await refusal.attempts()).toBe(3)
  } finally {
    await refusal.drop()
  }
}

type Answered = { answer: unknown; status: number }
