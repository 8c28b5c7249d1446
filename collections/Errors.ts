import type { CollectionConfig } from 'payload'

import { anyone } from '../access/anyone'
import { recordAccess } from '../access/recordAccess'
import { listTransfer } from '../src/admin/transfer'

const transfer = listTransfer('errors')

/**
 * Errors reported by front ends. Anyone may report one (the request body is capped at the HTTP
 * layer and each field has a maximum length); staff read, update and delete them.
 */
export const Errors: CollectionConfig = {
  slug: 'errors',
  access: { ...recordAccess({}), create: anyone },
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['message', 'source', 'url', 'createdAt'],
    group: 'Operations',
    listSearchableFields: ['message', 'source', 'url'],
    useAsTitle: 'message',
  },
  defaultSort: 'createdAt',
  endpoints: transfer.endpoints,
  fields: [
    { name: 'message', type: 'textarea', maxLength: 2000, required: true },
    { name: 'stack', type: 'textarea', maxLength: 20000 },
    { name: 'digest', type: 'text', index: true, maxLength: 200 },
    { name: 'url', type: 'text', maxLength: 2048 },
    { name: 'source', type: 'text', index: true, maxLength: 200 },
  ],
  labels: { plural: 'Error records', singular: 'Error record' },
}
