import type { CollectionConfig } from 'payload'

import { prefixedId } from '@/fields/prefixedId'

import { policyAccess } from '../access/policy'

/**
 * A tracked web event. The contract serves the list read-only; events reach the service through
 * admin API clients (the tracker's ingestion path), the only writers. An event records what
 * happened, so nobody updates one; staff admins and admin clients may delete one (test traffic,
 * an erasure request).
 */
export const WebEvents: CollectionConfig = {
  custom: { readableValues: true },
  slug: 'web-event',
  access: policyAccess('web-event'),
  admin: {
    defaultColumns: ['name', 'anonymousId', 'account', 'createdAt'],
    group: 'Commerce',
    listSearchableFields: ['name', 'anonymousId'],
    useAsTitle: 'name',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('wev_'),
    {
      name: 'name',
      type: 'text',
      admin: { description: 'The event, as the web tracker named it.' },
      index: true,
      required: true,
    },
    {
      name: 'anonymousId',
      type: 'text',
      admin: {
        description: "The web tracker's anonymous id of the visitor.",
        position: 'sidebar',
      },
      index: true,
    },
    {
      name: 'account',
      type: 'relationship',
      admin: { description: 'The account the visitor was known as, if any.' },
      index: true,
      relationTo: 'account',
    },
  ],
  labels: { plural: 'Web events', singular: 'Web event' },
}
