/** A compiled read of one record by id: Payload's hooks and access first, then one prepared statement. */
import { type CollectionSlug, executeAccess, NotFound, type PayloadRequest } from 'payload'

import { beforeRead } from './beforeRead'
import { compiledReads, fallBack, planFor, unlessRefused } from './gate'
import { collectionOf } from './plan'
import { sendStatement } from './send'
import { documentOf, type Shape } from './statement'
import { variantOf } from './variants'

type Doc = Record<string, unknown>

/**
 * The record at `depth` in the `shape` asked (the commerce endpoints', or Payload's findByID as
 * it stands), or undefined when Payload must read it.
 */
export const compiledRecord = (
  req: PayloadRequest,
  slug: string,
  id: string,
  depth: number,
  shape: Shape,
): Promise<Doc | undefined> =>
  unlessRefused(async () => {
    const plan = planFor(req, slug)
    if (!plan) return undefined
    await beforeRead(req, plan.config, {
      collection: collectionOf(req.payload, slug),
      depth,
      id,
      req,
    })
    const access = await executeAccess({ id, req }, plan.config.access.read)
    if (access !== true) return fallBack(`${slug}: read access with a filter`)
    // The shape is part of the statement: a record asked with another `populate` is built anew.
    const key = `${slug}:${depth}:${shape.findByID ? 'findByID' : `one:${JSON.stringify(shape.populate)}`}`
    const variant = variantOf(req, key, (decisions) => {
      const document = documentOf(
        { decisions, depth, payload: req.payload, req, shape },
        plan,
        't0',
        depth,
        false,
      )
      return {
        text: `SELECT ${document.sql} AS doc FROM "${plan.table}" t0 WHERE t0.id = $1${plan.trash ? ' AND t0.deleted_at IS NULL' : ''}`,
        walk: document.walk,
      }
    })
    const rows = await sendStatement(req, { name: variant.name, text: variant.text, values: [id] })
    const doc = rows[0]?.doc as Doc | undefined
    if (!doc) throw new NotFound(req.t)
    await variant.walk?.(doc, req)
    compiledReads.served++
    return doc
  })

/**
 * The record as the caller may read it at `depth`, as Payload's findByID answers it: one compiled
 * statement where the reads can, else Payload's findByID (the compiled writes' answers).
 */
export const recordAsCaller = async <T extends object = Doc>(
  req: PayloadRequest,
  slug: CollectionSlug,
  id: number | string,
  depth: number,
): Promise<T> =>
  // The caller names what it reads: Payload types a record by a slug known only at run time as
  // the union of every collection's.
  ((await compiledRecord(req, slug, String(id), depth, { findByID: true })) ??
    (await req.payload.findByID({ collection: slug, depth, id, overrideAccess: false, req }))) as T
