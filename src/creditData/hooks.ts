import type { CollectionConfig } from 'payload'

import { auditChange, auditDelete } from './audit'
import { encryptSensitive } from './encryptOnWrite'

/**
 * A credit-data collection (`custom.creditData`, plugins/commerce): its encrypted fields (found
 * by their marker) encrypted after its own hooks have changed the data, every change and delete
 * audited, the audit before its own hooks run on the saved record.
 */
export const withCreditData = (collection: CollectionConfig): CollectionConfig => {
  if (!collection.custom?.creditData) return collection
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      afterChange: [auditChange, ...(hooks.afterChange ?? [])],
      afterDelete: [auditDelete, ...(hooks.afterDelete ?? [])],
      beforeChange: [...(hooks.beforeChange ?? []), encryptSensitive],
    },
  }
}
