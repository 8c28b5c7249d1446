import type { CollectionBeforeChangeHook } from 'payload'

import type { VdpEmail } from '../../../payload-types'

/** `vinCount` is derived from `vins` (a string, as the contract types it), never set by hand. */
export const countVins: CollectionBeforeChangeHook<VdpEmail> = ({ data, originalDoc }) => {
  const vins = data.vins ?? originalDoc?.vins ?? []
  return { ...data, vinCount: String(Array.isArray(vins) ? vins.length : 0) }
}
