import type { CollectionConfig } from 'payload'

import { cachedApiKeyStrategy } from '@/auth/apiKeyCache'
import { announceClientChange, announceClientDelete } from '@/auth/clientChanges'

import { adminOrSelf } from '../../access/adminOrSelf'
import { isAdmin } from '../../access/isAdmin'
import { clientRoles } from '../../access/roles'
import { noSessionEndpoints } from './noSession'

/**
 * Machine clients. Each one authenticates with its API key, sent as
 * `Authorization: api-clients API-Key <key>`; they never sign in to the admin UI.
 */
export const ApiClients: CollectionConfig = {
  slug: 'api-clients',
  access: {
    admin: () => false,
    create: isAdmin,
    delete: isAdmin,
    // A client may look itself up (GET /api/api-clients/me) to check its key and role.
    read: adminOrSelf('api-clients'),
    update: isAdmin,
  },
  admin: {
    defaultColumns: ['name', 'role', 'enabled', 'updatedAt'],
    group: 'Operations',
    listSearchableFields: ['name'],
    useAsTitle: 'name',
  },
  auth: {
    disableLocalStrategy: true,
    // Tried before Payload's own API-key strategy, which it calls on a miss.
    strategies: [cachedApiKeyStrategy],
    useAPIKey: true,
  },
  endpoints: noSessionEndpoints,
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'name',
          type: 'text',
          admin: { description: 'Who or what uses this key, e.g. "Storefront".' },
          required: true,
        },
        {
          name: 'role',
          type: 'select',
          admin: {
            description:
              'What the client may do: integrator (commerce records), lead-agent (leads) or admin (everything).',
          },
          index: true,
          options: clientRoles.map((value) => ({ label: value, value })),
          required: true,
        },
      ],
    },
    {
      name: 'enabled',
      type: 'checkbox',
      admin: { description: 'A disabled client is refused with 401, whatever its key.' },
      defaultValue: true,
    },
  ],
  // A disabled, re-keyed or deleted client is forgotten by every instance's key cache.
  hooks: { afterChange: [announceClientChange], afterDelete: [announceClientDelete] },
  labels: { plural: 'API clients', singular: 'API client' },
}
