import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
} from 'payload'

import { auditChange, auditDelete } from './audit'
import { encryptSensitive } from './encryptOnWrite'

/**
 * Hooks of a credit-data collection: its encrypted fields (found by their marker) encrypted,
 * every change audited; plus the collection's own.
 */
export const creditDataHooks = (
  own: {
    afterChange?: CollectionAfterChangeHook[]
    beforeChange?: CollectionBeforeChangeHook[]
  } = {},
): CollectionConfig['hooks'] => ({
  afterChange: [auditChange, ...(own.afterChange ?? [])],
  afterDelete: [auditDelete],
  beforeChange: [...(own.beforeChange ?? []), encryptSensitive],
})
