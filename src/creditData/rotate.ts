/**
 * Re-encrypts every stored credit-data value under the current key (the first of
 * CREDIT_DATA_KEYS) and encrypts values stored in clear before encryption existed. Afterwards
 * no value needs an older key, so those keys can be removed from the configuration.
 */
import { and, eq, gt } from 'drizzle-orm'
import type { CollectionSlug, Payload } from 'payload'

import { drizzleOf, drizzleTableOf, tableNameOf } from '@/db/adapter'

import { decryptValue, encryptValue, keyIdOf } from './cipher'
import { rewrapDataKeys } from './consumerKeys'
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
  /** Consumers' data keys re-wrapped under the current key (their values' inner seal stays). */
  dataKeys: { rewrapped: number; scanned: number }
  key: string
  reencrypted: number
  scanned: number
}

const BATCH = 200

/** The encrypted fields (found by their marker) of each collection that has any. */
const encryptedFields = (payload: Payload) =>
  payload.config.collections.flatMap((collection): [CollectionSlug, readonly string[]][] => {
    const names = encryptedFieldNames(collection.fields)
    return names.length ? [[collection.slug, names]] : []
  })

export const rotateCreditDataKeys = async (
  payload: Payload,
  onProgress: (progress: RotationProgress) => void = () => {},
): Promise<RotationSummary> => {
  const { current } = keyRing()
  const db = drizzleOf(payload)
  const summary: RotationSummary = {
    collections: [],
    dataKeys: { rewrapped: 0, scanned: 0 },
    key: current,
    reencrypted: 0,
    scanned: 0,
  }
  for (const [slug, names] of encryptedFields(payload)) {
    const table = drizzleTableOf(payload, tableNameOf(payload, slug))
    if (!table) throw new Error(`no table for ${slug}`)
    const total = await payload.db.count({ collection: slug }).then((result) => result.totalDocs)
    const progress: RotationProgress = { collection: slug, reencrypted: 0, scanned: 0, total }
    // Keyset paging on id: rows are read straight from the table, no hooks (nothing is masked).
    let after: unknown = null // the last id read: a number or a text, as the table's ids are
    for (;;) {
      const rows = await db
        .select()
        .from(table)
        .where(after === null ? undefined : gt(table.id, after))
        .orderBy(table.id)
        .limit(BATCH)
      if (!rows.length) break
      // One transaction per batch: one commit (and disk flush) per 200 rows instead of per row.
      await db.transaction(async (tx) => {
        for (const row of rows) {
          const stale = names.flatMap((name): [string, string][] => {
            const value = row[name]
            return typeof value === 'string' && value !== '' && keyIdOf(value) !== current
              ? [[name, value]]
              : []
          })
          if (stale.length) {
            const next = Object.fromEntries(
              stale.map(([name, value]) => [name, encryptValue(decryptValue(value, name), name)]),
            )
            // Compare-and-set: a value changed since it was read is left to the writer, who used the current key.
            const unchanged = stale.map(([name, value]) => eq(table[name], value))
            const written = await tx
              .update(table)
              .set(next)
              .where(and(eq(table.id, row.id), ...unchanged))
              .returning({ id: table.id })
            if (written.length) progress.reencrypted += 1
          }
          progress.scanned += 1
        }
      })
      after = rows[rows.length - 1].id
      onProgress({ ...progress })
    }
    summary.collections.push(progress)
    summary.reencrypted += progress.reencrypted
    summary.scanned += progress.scanned
  }
  summary.dataKeys = await rewrapDataKeys(db, current, keyIdOf)
  onProgress({
    collection: 'consumer data keys',
    reencrypted: summary.dataKeys.rewrapped,
    scanned: summary.dataKeys.scanned,
    total: summary.dataKeys.scanned,
  })
  return summary
}
