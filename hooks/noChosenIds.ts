import { type CollectionBeforeOperationHook, ValidationError } from 'payload'

import { isRecord } from '@/lib/isRecord'

/**
 * A client may bring a new record's id (docs/collections.md, "Ids and relations") only in a
 * collection it reads whole. Elsewhere (a dealer on its company's records) the id could be one of
 * a record it may not see, and the database's "Value must be unique" would confirm it: any id in
 * such a caller's create body is a 400 naming `id`, whether or not a record has it, in collections
 * with serial ids too (leads, error records), so that the answer never depends on the collection.
 * A caller who reads the whole collection chooses a text id; a serial one Payload leaves out of
 * the insert.
 */
export const noChosenIds: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  overrideAccess,
  req,
}) => {
  if (operation !== 'create' || overrideAccess) return args
  const data: unknown = 'data' in args ? args.data : undefined
  if (!isRecord(data) || data.id === undefined || data.id === null || data.id === '') return args
  if ((await collection.access.read({ req })) === true) return args
  throw new ValidationError(
    {
      collection: collection.slug,
      errors: [{ message: 'is given by the service: leave it out', path: 'id' }],
    },
    req.t,
  )
}
