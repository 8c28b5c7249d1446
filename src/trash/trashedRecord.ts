/**
 * Where the admin UI shows a record that is in the trash, for someone who asked for it by its
 * usual address: Payload finds no live record there and answers its list with "not found",
 * which tells staff nothing they can act on; the record's page in the trash says it is there,
 * and offers Restore to those who may restore it.
 */
import type { Payload, TypedUser } from 'payload'

import { unlessForbidden } from '@/errors'
import { collectionBySlug } from '@/lib/collectionSlug'

/** The admin path of the record in the trash, if `user` may see it there; else null. */
export const trashedRecordPath = async (
  payload: Payload,
  user: TypedUser,
  slug: string,
  id: string,
): Promise<null | string> => {
  const collection = collectionBySlug(payload, slug)
  if (!collection?.config.trash) return null
  const textIds = collection.customIDType === 'text'
  if (!textIds && !/^\d{1,15}$/.test(id)) return null
  // A user who may not read the collection at all (a refusal, not an empty list) is not told.
  const found = await unlessForbidden(
    payload.find({
      collection: collection.config.slug,
      depth: 0,
      limit: 1,
      overrideAccess: false,
      pagination: false,
      select: {},
      trash: true,
      user,
      where: {
        and: [{ id: { equals: textIds ? id : Number(id) } }, { deletedAt: { exists: true } }],
      },
    }),
  )
  if (!found?.docs.length) return null
  return `${payload.config.routes.admin}/collections/${slug}/trash/${encodeURIComponent(id)}`
}
