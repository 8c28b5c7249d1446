import { type CollectionBeforeOperationHook, type PayloadRequest, ValidationError } from 'payload'

import { ROLE_SETS } from '../access/policy'
import { checkRole } from '../access/roles'

/** A caller that may create leads and read nothing (a lead-source key). */
export const readsNothing = (user: PayloadRequest['user']): boolean =>
  checkRole(user, ROLE_SETS.writeOnly)

/**
 * A `lead-source` key submits leads and reads nothing (access/policy.ts). So it names no record
 * (a relation it sends is a 400, whether or not the record exists: nothing to learn), and its
 * create is answered with the new lead's id alone, not the lead as stored.
 */
export const writeOnlyAnswers: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
  overrideAccess,
  req,
}) => {
  // The ADF intake, once it has checked the key may create leads, writes as the service.
  if (operation !== 'create' || overrideAccess || !readsNothing(req.user)) return args
  const data: Record<string, unknown> = args.data ?? {}
  const named = collection.flattenedFields.filter(
    (field) =>
      (field.type === 'relationship' || field.type === 'upload') && data[field.name] != null,
  )
  if (named.length)
    throw new ValidationError(
      {
        collection: collection.slug,
        errors: named.map((field) => ({
          message: 'is not set by a lead-source key, which reads no records',
          path: field.name,
        })),
      },
      req.t,
    )
  return { ...args, depth: 0, select: { id: true } }
}
