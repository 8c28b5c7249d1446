/**
 * Whose saved views a user sees. A view belongs to one side: a dealership (its dealers) or the
 * house (staff and staff admins, who have no company). Its author is always among the users it
 * names (Payload names them for "Only me" and "Specific users"; `keepWithinSide` adds them for
 * the other choices), and every user it names is on the author's side, so the company of its
 * named users says whose it is. "Everyone" is then everyone on that side: a dealer reads their
 * own dealership's views and the shipped ones (./shipped.ts), never the house's or another
 * dealership's; house staff read the house's and the shipped ones.
 */
import {
  type Access,
  type CollectionBeforeValidateHook,
  type PayloadRequest,
  type SelectField,
  type TypedUser,
  ValidationError,
  type Where,
} from 'payload'

import { isRecord } from '@/lib/isRecord'

import { companyOf, isDealer } from '../../../access/dealer'
import { isStaff } from '../../../access/isStaff'
import { shippedViewIds } from './shipped'
import { PRESETS_SLUG } from './slug'

/** The company of the users a view names (each named user's `company`). */
const NAMED_COMPANY = 'access.read.users.company'

const OPERATIONS = ['read', 'update', 'delete'] as const

/** The views of the caller's side, and the shipped ones: every operation's collection access. */
export const viewsOfOwnSide: Access = async ({ req }) => {
  if (!isStaff({ req })) return false
  const shipped: Where = { id: { in: await shippedViewIds(req) } }
  if (!isDealer(req.user)) return { or: [{ [NAMED_COMPANY]: { exists: false } }, shipped] }
  const company = companyOf(req.user)
  return company ? { or: [{ [NAMED_COMPANY]: { equals: company } }, shipped] } : shipped
}

/** Staff admins read only the house's views: the admin UI does not offer them to a dealer. */
export const constraintsOffered: SelectField['filterOptions'] = ({ options, req }) =>
  isDealer(req.user)
    ? options.filter(
        (option) => (typeof option === 'string' ? option : option.value) !== 'staffAdmins',
      )
    : options

const idOf = (item: unknown): unknown => (isRecord(item) ? item.id : item)

/** Is `user` on the same side as `author`: one dealership's dealers, or the house. */
const sameSide = (author: TypedUser, user: Record<string, unknown>): boolean =>
  isDealer(author)
    ? user.role === 'dealer' && idOf(user.company) === companyOf(author)
    : user.role !== 'dealer'

/** The users among `ids` (by id) that exist and are on the author's side. */
const onSide = async (req: PayloadRequest, author: TypedUser, ids: unknown[]) => {
  const serial = ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0)
  if (!serial.length) return new Set<string>()
  const { docs } = await req.payload.find({
    collection: 'users',
    depth: 0,
    pagination: false,
    req,
    select: { company: true, role: true },
    where: { id: { in: serial } },
  })
  return new Set(
    docs.filter((user) => sameSide(author, { ...user })).map((user) => String(user.id)),
  )
}

/**
 * A view stays on its author's side: whoever saves it is named on it (for "Everyone" and "Staff
 * admins" too, where Payload names no one), "Specific users" may name only users of the author's
 * side (a dealer: their own dealership's dealers; house staff: house staff), and a dealer may
 * not give a view to "Staff admins", who never see it. A user who does not exist is refused with
 * the same words as one of another side. Runs after Payload fills in each operation's constraint.
 */
export const keepWithinSide: CollectionBeforeValidateHook = async ({ data, req }) => {
  const author = req.user
  if (!author || author.collection !== 'users' || !isRecord(data) || !isRecord(data.access))
    return data
  const access: Record<string, unknown> = { ...data.access }
  const errors: { message: string; path: string }[] = []
  const named: [string, unknown[]][] = []
  for (const operation of OPERATIONS) {
    const group = access[operation]
    if (!isRecord(group)) continue
    const path = `access.${operation}`
    if (group.constraint === 'staffAdmins' && isDealer(author))
      errors.push({
        message: "is not for a dealer's view: staff admins do not see a dealership's views",
        path: `${path}.constraint`,
      })
    if (group.constraint === 'specificUsers') {
      const users = Array.isArray(group.users) ? group.users.map(idOf) : []
      named.push([`${path}.users`, users.filter((id) => String(id) !== String(author.id))])
    } else if (group.constraint !== 'onlyMe') {
      access[operation] = { ...group, users: [author.id] }
    }
  }
  const allowed = await onSide(
    req,
    author,
    named.flatMap(([, ids]) => ids),
  )
  for (const [path, ids] of named)
    if (ids.some((id) => !allowed.has(String(id))))
      errors.push({
        message: isDealer(author)
          ? 'may name only users of your own dealership'
          : 'may name only house staff, not dealers',
        path,
      })
  if (errors.length) throw new ValidationError({ collection: PRESETS_SLUG, errors }, req.t)
  return { ...data, access }
}
