/**
 * What Payload does before it reads for a caller: the collection's `beforeOperation` hooks, then
 * the caller's read access combined with the filter, whose paths it checks (as its own find,
 * findByID and count run them).
 */
import {
  combineQueries,
  executeAccess,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  validateQueryPaths,
  type Where,
} from 'payload'

type Args = Record<string, unknown>

/** The read's arguments as the collection's hooks leave them. */
export const beforeRead = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  args: Args,
  operation: 'count' | 'read' = 'read',
): Promise<Args> => {
  let result = args
  for (const hook of config.hooks?.beforeOperation ?? []) {
    result =
      (await hook({
        args: result as never,
        collection: config,
        context: req.context,
        operation,
        overrideAccess: false,
        req,
      })) ?? result
  }
  return result
}

/**
 * The arguments as the hooks leave them, and the filter the read runs with: theirs combined with
 * the caller's read access (a Forbidden is thrown as Payload throws it), its paths checked.
 */
export const callerFilter = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  args: Args,
  operation: 'count' | 'read' = 'read',
): Promise<{ args: Args; filter: Where }> => {
  const hooked = await beforeRead(req, config, args, operation)
  const asked = (hooked.where as undefined | Where) ?? {}
  const filter = combineQueries(asked, await executeAccess({ req }, config.access.read))
  await validateQueryPaths({ collectionConfig: config, overrideAccess: false, req, where: asked })
  return { args: hooked, filter }
}

/** The filter with trashed records left out, as Payload's find and count leave them out (appendNonTrashedFilter). */
export const liveOnly = (config: SanitizedCollectionConfig, filter: Where): Where =>
  config.trash ? combineQueries(filter, { deletedAt: { exists: false } }) : filter
