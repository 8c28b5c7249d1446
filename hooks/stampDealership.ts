import type { CollectionBeforeChangeHook } from 'payload'

import { companyOf, isDealer } from '../access/dealer'

/**
 * What a dealer makes is their company's from the start: its `dealerships` name the company, and
 * a credit record also records that a dealer of it made it (`madeAt`), which keeps it theirs
 * alone (src/fields/dealership.ts). Runs after field access, which keeps callers from writing
 * either field themselves.
 */
export const stampDealership: CollectionBeforeChangeHook = ({
  collection,
  data,
  operation,
  req,
}) => {
  const company = companyOf(req.user)
  if (operation !== 'create' || !isDealer(req.user) || !company) return data
  const madeAt = collection.fields.some((field) => 'name' in field && field.name === 'madeAt')
  return { ...data, dealerships: [company], ...(madeAt && { madeAt: company }) }
}
