import { JsonReadout as JsonReadout_692064a7253a5962ddd80a27a84f3fb6 } from '../../../../src/admin/JsonReadout'
import { SsnField as SsnField_772334a3f3a00f2be5a3d6bd7cf60367 } from '../../../../src/admin/RevealSsn'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/src/admin/JsonReadout#JsonReadout": JsonReadout_692064a7253a5962ddd80a27a84f3fb6,
  "/src/admin/RevealSsn#SsnField": SsnField_772334a3f3a00f2be5a3d6bd7cf60367,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
