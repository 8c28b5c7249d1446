import type { CollectionAfterChangeHook } from 'payload'

import type { Company } from '../payload-types'

/**
 * A location's title names its company and whether that is a dealership or an auction
 * (src/fields/titles.ts). A company renamed, or made a facilitator or no longer one, has its
 * locations' titles worked out again in the same transaction, so pickers never show the old name.
 */
export const retitleLocations: CollectionAfterChangeHook<Company> = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  if (
    operation !== 'update' ||
    (doc.name === previousDoc?.name && doc.isFacilitator === previousDoc?.isFacilitator)
  )
    return doc
  const before = req.context.retitle
  req.context.retitle = true
  try {
    const { errors } = await req.payload.update({
      collection: 'location',
      data: {},
      depth: 0,
      req,
      where: { companyId: { equals: doc.id } },
    })
    // Every title or none: a location that could not be saved fails the company's save.
    if (errors.length) throw new Error(`locations not retitled: ${errors[0].message}`)
  } finally {
    req.context.retitle = before
  }
  return doc
}
