import type { CollectionConfig } from 'payload'

import { listTransfer } from '@/admin/transfer'

import { policyAccess } from '../access/policy'

const transfer = listTransfer('errors')

/**
 * Errors reported by front ends. Anyone may report one (the request body is capped at the HTTP
 * layer and each field has a maximum length); staff read, update and delete them.
 */
export const Errors: CollectionConfig = {
  slug: 'errors',
  trash: true,
  enableQueryPresets: true,
  custom: { readableValues: true, webhookEvents: { create: 'error.created' } },
  access: policyAccess('errors'),
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['message', 'source', 'url', 'createdAt'],
    group: 'Operations',
    listSearchableFields: ['message', 'source', 'url', 'digest'],
    useAsTitle: 'message',
  },
  defaultSort: 'createdAt',
  endpoints: transfer.endpoints,
  fields: [
    { name: 'message', type: 'textarea', maxLength: 2000, required: true },
    {
      name: 'stack',
      type: 'textarea',
      admin: { description: 'Stack trace sent with the error, if any.' },
      maxLength: 20000,
    },
    {
      name: 'digest',
      type: 'text',
      admin: {
        description: 'Short hash of the error (e.g. a Next.js digest); repeats of it share it.',
      },
      index: true,
      maxLength: 200,
    },
    {
      name: 'url',
      type: 'text',
      admin: { description: 'Address of the page where the error happened.' },
      maxLength: 2048,
    },
    {
      name: 'source',
      type: 'text',
      admin: { description: 'Which front end or part reported it, e.g. "web".' },
      index: true,
      maxLength: 200,
    },
  ],
  labels: { plural: 'Error records', singular: 'Error record' },
}
