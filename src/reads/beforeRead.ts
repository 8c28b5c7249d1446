/** Payload's `beforeOperation` hooks of a read, run as its own find and findByID run them. */
import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'

type Args = Record<string, unknown>

/** The read's arguments as the collection's hooks leave them. */
export const beforeRead = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  args: Args,
): Promise<Args> => {
  let result = args
  for (const hook of config.hooks?.beforeOperation ?? []) {
    result =
      (await hook({
        args: result as never,
        collection: config,
        context: req.context,
        operation: 'read',
        overrideAccess: false,
        req,
      })) ?? result
  }
  return result
}
