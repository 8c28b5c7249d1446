import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

import { isRecord } from '@/lib/isRecord'

import { callerAccess } from '../access/callerAccess'

const FIELD = 'addresses'

/**
 * True when an address with this id exists for the caller (linking one is then checked as any
 * relation is). One the caller may not read counts as none: it is then a new address, and its id
 * is refused as any id the caller may not choose (hooks/noChosenIds.ts), the answer for an id no
 * address has.
 */
const addressExists = async (id: unknown, req: PayloadRequest): Promise<boolean> => {
  if (typeof id !== 'string' || !id) return false
  const { docs } = await req.payload.find({
    collection: 'address',
    depth: 0,
    limit: 1,
    pagination: false,
    select: {},
    where: { id: { equals: id } },
    ...callerAccess(req),
  })
  return docs.length > 0
}

/** The nested create's errors, named where they sit in this record (`zip` → `addresses.0.zip`). */
const within = (
  error: unknown,
  prefix: string,
  collection: string,
  req: PayloadRequest,
): unknown => {
  if (!(error instanceof ValidationError)) return error
  const errors = error.data.errors.map(({ message, path }) => ({
    message,
    path: `${prefix}.${path}`,
  }))
  return new ValidationError({ collection, errors }, req.t)
}

/** The list with every inline address created and replaced by its id. */
const resolve = async (
  items: unknown[],
  collection: string,
  req: PayloadRequest,
): Promise<unknown[]> => {
  const ids: unknown[] = []
  // One after another: the creates share one transaction, and a new id given twice links the first.
  for (const [index, item] of items.entries()) {
    if (!isRecord(item) || (Object.keys(item).length === 1 && 'id' in item)) {
      ids.push(item) // an id or a bare reference: checked like any relation
    } else if (await addressExists(item.id, req)) {
      ids.push(item.id)
    } else {
      try {
        ids.push(
          (
            await req.payload.create({
              collection: 'address',
              // The address as sent: Payload validates it against the collection's fields.
              data: item as never,
              depth: 0,
              ...callerAccess(req),
            })
          ).id,
        )
      } catch (error) {
        throw within(error, `${FIELD}.${index}`, collection, req)
      }
    }
  }
  return ids
}

/**
 * `addresses` accepts, item by item, an address id, an object naming an existing address by `id`
 * (linked as it is stored), or an inline Address (2.6), with or without a new `id`, which is
 * created and linked. Runs before the operation because Payload's own relation handling reduces
 * any object with an `id` to that id before field hooks see it. The creates run with `req`,
 * inside the write's transaction (opened before this hook): when the record then fails, no
 * address is left behind. Values that are not lists are left to the type check.
 */
export const resolveAddresses: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data: unknown = args.data
  if (!isRecord(data) || !Array.isArray(data[FIELD])) return args
  return { ...args, data: { ...data, [FIELD]: await resolve(data[FIELD], collection.slug, req) } }
}
