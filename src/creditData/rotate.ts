/**
 * Re-encrypts every stored credit-data value under the current key (the first of
 * CREDIT_DATA_KEYS) and encrypts values stored in clear before encryption existed. Afterwards
 * no value needs an older key, so those keys can be removed from the configuration.
 */
import { and, eq, gt, type SQL } from 'drizzle-orm'
import type { CollectionSlug, Payload } from 'payload'

import { decryptValue, encryptValue, keyIdOf } from './cipher'
import { keyRing } from './keys'
import { encryptedFieldNames } from './marker'

export type RotationProgress = {
  collection: string
  reencrypted: number
  scanned: number
  total: number
}
export type RotationSummary = {
  collections: RotationProgress[]
  key: string
  reencrypted: number
  scanned: number
}

const BATCH = 200

/** The encrypted fields (found by their marker) of each collection that has any. */
const encryptedFields = (payload: Payload): [string, string[]][] =>
  payload.config.collections.flatMap((collection) => {
    const names = encryptedFieldNames(collection.fields)
    return names.length ? [[collection.slug, names] as [string, string[]]] : []
  })

type Db = {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- drizzle's builders are only called, never typed here
  drizzle: { select: Function; transaction: Function; update: Function }
  tableNameMap: Map<string, string>
  tables: Record<string, Record<string, unknown>>
}

export const rotateCreditDataKeys = async (
  payload: Payload,
  onProgress: (progress: RotationProgress) => void = () => {},
): Promise<RotationSummary> => {
  const { current } = keyRing()
  const db = payload.db as unknown as Db
  const summary: RotationSummary = { collections: [], key: current, reencrypted: 0, scanned: 0 }
  for (const [slug, names] of encryptedFields(payload)) {
    const table = db.tables[db.tableNameMap.get(slug.replace(/-/g, '_'))!] as Record<string, never>
    const total = await payload.db
      .count({ collection: slug as CollectionSlug })
      .then((result) => result.totalDocs)
    const progress: RotationProgress = { collection: slug, reencrypted: 0, scanned: 0, total }
    // Keyset paging on id: rows are read straight from the table, no hooks (nothing is masked).
    let after: null | number | string = null
    for (;;) {
      const rows: Record<string, unknown>[] = await db.drizzle
        .select()
        .from(table)
        .where(after === null ? undefined : (gt(table.id, after) as SQL))
        .orderBy(table.id)
        .limit(BATCH)
      if (!rows.length) break
      // One transaction per batch: one commit (and disk flush) per 200 rows instead of per row.
      await db.drizzle.transaction(async (tx: Db['drizzle']) => {
        for (const row of rows) {
          const stale = names.filter(
            (name) =>
              typeof row[name] === 'string' &&
              row[name] !== '' &&
              keyIdOf(row[name] as string) !== current,
          )
          if (stale.length) {
            const next = Object.fromEntries(
              stale.map((name) => [
                name,
                encryptValue(decryptValue(row[name] as string, name), name),
              ]),
            )
            // Compare-and-set: a value changed since it was read is left to the writer, who used the current key.
            const unchanged = stale.map((name) => eq(table[name], row[name] as string))
            const written = await tx
              .update(table)
              .set(next)
              .where(and(eq(table.id, row.id as string), ...unchanged))
              .returning({ id: table.id })
            if (written.length) progress.reencrypted += 1
          }
          progress.scanned += 1
        }
      })
      after = rows[rows.length - 1].id as number | string
      onProgress({ ...progress })
    }
    summary.collections.push(progress)
    summary.reencrypted += progress.reencrypted
    summary.scanned += progress.scanned
  }
  return summary
}
