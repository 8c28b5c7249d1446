/** Payload's `beforeOperation` hooks of a read, run as its own find, findByID and count run them. */
import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'

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
