import type { CollectionSlug, JoinQuery, PayloadRequest, PopulateType } from 'payload'

import { isRecord } from '@/lib/isRecord'

type Doc = Record<string, unknown>

type Joins = { byCollection: Map<string, string[]>; populate: PopulateType }

/** Worked out once per configuration: every answer of the commerce endpoints needs them. */
const cache = new WeakMap<object, Joins>()

const joinsOf = (req: PayloadRequest): Joins => {
  const config = req.payload.config
  let joins = cache.get(config)
  if (!joins) {
    const byCollection = new Map(
      config.collections.map(({ fields, slug }) => [
        slug,
        fields.flatMap((field) => (field.type === 'join' ? [field.name] : [])),
      ]),
    )
    const populate: PopulateType = Object.fromEntries(
      [...byCollection]
        .filter(([, names]) => names.length)
        .map(([slug, names]) => [slug, Object.fromEntries(names.map((name) => [name, false]))]),
    )
    joins = { byCollection, populate }
    cache.set(config, joins)
  }
  return joins
}

/** Names of a collection's top-level join fields (a company's `locations`). */
const joinNames = (req: PayloadRequest, collection: string): string[] =>
  joinsOf(req).byCollection.get(collection) ?? []

/**
 * The contract types a join (a company's `locations`) as an array of records, while Payload reads
 * it as `{docs, hasNextPage}`, ten at a time; the join stays the one source of truth and the
 * commerce answers reshape it. Reads ask for all of the record's own joined records; records
 * embedded in the answer leave their joins out (no contract shape lists them there, and they
 * would be cut at ten).
 */
export const joinOptions = (
  req: PayloadRequest,
  collection: CollectionSlug,
): { joins: JoinQuery<CollectionSlug>; populate: PopulateType } => ({
  // Payload types joins per slug from TypedCollectionJoins, which lists only collections that have
  // joins, so for a slug known only at run time it is `never`; the names come from the config.
  joins: Object.fromEntries(
    joinNames(req, collection).map((name) => [name, { limit: 0 }]),
  ) as JoinQuery<CollectionSlug>,
  populate: joinsOf(req).populate,
})

/** The record with each join answered as the array of its records (their ids at depth 0). */
export const joinsAsArrays = (
  record: object,
  req: PayloadRequest,
  collection: CollectionSlug,
): Doc => {
  // Every record Payload answers is a JSON object.
  const doc: Doc = isRecord(record) ? record : {}
  const joined = joinNames(req, collection).filter(
    (name) => doc[name] && typeof doc[name] === 'object',
  )
  if (!joined.length) return doc
  return {
    ...doc,
    ...Object.fromEntries(
      joined.map((name) => {
        const join = doc[name]
        return [name, (isRecord(join) ? join.docs : undefined) ?? []]
      }),
    ),
  }
}
