import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { prefixedId } from '../src/fields/prefixedId'

/** A tracked web event. Recorded by admin API clients; read-only for everyone else. */
export const WebEvents: CollectionConfig = {
  slug: 'web-event',
  access: recordAccess({ integrator: ['read'], staff: ['read'] }),
  admin: { defaultColumns: ['name', 'anonymousId', 'account', 'createdAt'], group: 'Commerce', listSearchableFields: ['name', 'anonymousId'], useAsTitle: 'name' },
  disableDuplicate: true,
  fields: [
    prefixedId('wev_'),
    { name: 'name', type: 'text', index: true, required: true },
    { name: 'anonymousId', type: 'text', index: true },
    { name: 'account', type: 'relationship', index: true, relationTo: 'account' },
  ],
  labels: { plural: 'Web events', singular: 'Web event' },
}
