import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { dataDir } from '@/lib/paths'
import { settings } from '@/lib/settings'

import { policyAccess } from '../access/policy'

/**
 * Images staff upload (listing photos). Inventory photos are public, as on any dealer site;
 * files are kept in the data folder (MEDIA_DIR to place them elsewhere).
 */
export const Media: CollectionConfig = {
  slug: 'media',
  access: policyAccess('media'),
  admin: {
    defaultColumns: ['filename', 'alt', 'mimeType', 'filesize', 'updatedAt'],
    group: 'Vehicles',
    listSearchableFields: ['filename', 'alt'],
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      admin: { description: 'What the photo shows, for screen readers.' },
    },
  ],
  labels: { plural: 'Media', singular: 'Media file' },
  upload: {
    mimeTypes: ['image/*'],
    staticDir: settings('files').MEDIA_DIR ?? path.join(dataDir(), 'media'),
  },
}
