import { type CollectionBeforeOperationHook, Forbidden } from 'payload'

/** The access each operation is decided by, as Payload's operations ask it. */
const ACCESS = {
  count: 'read',
  create: 'create',
  delete: 'delete',
  read: 'read',
  readDistinct: 'read',
  update: 'update',
} as const

const accessOf = (operation: string) =>
  Object.hasOwn(ACCESS, operation) ? ACCESS[operation as keyof typeof ACCESS] : undefined

/**
 * A request without credentials is decided before what it says is checked: when the
 * collection's access refuses it, it gets Payload's refusal (401, hooks/apiErrors.ts), never a
 * 400 about its filter, sort or body that would tell it about fields it may not ask for. Payload
 * asks the same access again after the hooks. A known caller meets the collection's own
 * refusals first (the consents' 403 says why), and a Local API call that overrides access, or
 * that wants no errors, is left to Payload.
 */
export const accessFirst: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  overrideAccess,
  req,
}) => {
  const kind = accessOf(operation)
  if (!kind || req.user || overrideAccess || ('disableErrors' in args && args.disableErrors))
    return args
  const access = collection.access[kind]
  // Asked as for a list (no id): the collections' access here depends on the caller alone.
  const data = 'data' in args ? args.data : undefined
  if (access && !(await access({ data, req }))) throw new Forbidden(req.t)
  return args
}
