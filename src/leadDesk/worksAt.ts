import { type CollectionBeforeChangeHook, type PayloadRequest, ValidationError } from 'payload'

import type { Lead, Location } from '../../payload-types'
import { idOf } from './ids'

const OTHER_COMPANY = "is a dealer of another company, who cannot see this location's leads"

/** The ids among `users` of dealers who do not work for `company` (they cannot read its leads). */
const outsiders = async (
  req: PayloadRequest,
  users: number[],
  company: string | undefined,
): Promise<number[]> => {
  if (!users.length) return []
  const { docs } = await req.payload.find({
    collection: 'users',
    depth: 0,
    limit: users.length,
    pagination: false,
    req,
    select: { company: true, role: true },
    where: { id: { in: users } },
  })
  return docs
    .filter((user) => user.role === 'dealer' && (!company || idOf(user.company) !== company))
    .map((user) => user.id)
}

const companyOf = async (req: PayloadRequest, location: string | undefined) =>
  location
    ? idOf(
        (
          await req.payload.findByID({
            collection: 'location',
            depth: 0,
            disableErrors: true,
            id: location,
            req,
            select: { companyId: true },
          })
        )?.companyId,
      )
    : undefined

/**
 * beforeChange on leads: the assignee can work the lead. A dealer sees only their company's
 * leads, so a lead is not given (by hand or from a rota) to a dealer of another company.
 */
export const assigneeWorksAt: CollectionBeforeChangeHook<Lead> = async ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  const assignee = idOf(data.assignee)
  const location = idOf(data.location)
  const unchanged =
    assignee === idOf(originalDoc?.assignee) && location === idOf(originalDoc?.location)
  if (!assignee || unchanged) return data
  if ((await outsiders(req, [assignee], await companyOf(req, location))).length)
    throw new ValidationError(
      { collection: collection.slug, errors: [{ message: OTHER_COMPANY, path: 'assignee' }] },
      req.t,
    )
  return data
}

/** beforeChange on locations: the rota names no dealer of another company. */
export const rotaWorksAt: CollectionBeforeChangeHook<Location> = async ({
  collection,
  data,
  req,
}) => {
  const rota = (data.desk?.rota ?? []).flatMap((user) => idOf(user) || [])
  const refused = await outsiders(req, rota, idOf(data.companyId))
  if (refused.length)
    throw new ValidationError(
      {
        collection: collection.slug,
        errors: [{ message: `user ${refused.join(', ')} ${OTHER_COMPANY}`, path: 'desk.rota' }],
      },
      req.t,
    )
  return data
}
