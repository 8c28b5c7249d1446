import type { CollectionConfig } from 'payload'

import { noSsnInTextarea } from '@/compliance/requests/noSsn'
import { lockHeldConsumer } from '@/compliance/retention/holdLock'
import { stampedUserField } from '@/fields/stampedUser'

import { policyAccess } from '../access/policy'

const dayAndTime = { date: { pickerAppearance: 'dayAndTime' as const } }

/**
 * A legal hold on a consumer: while one is in force (not released), the retention job leaves the
 * consumer's data as it is (src/compliance/retention). Staff set and release holds; a hold is
 * released, never deleted, so the record of it stays (staff admins may delete one made in error).
 * It reads as it happened (hooks/appendOnly.ts): its consumer and reason never change, and its
 * release is recorded once, between its setting and now; anything else is a new hold.
 */
export const LegalHolds: CollectionConfig = {
  slug: 'legal-holds',
  access: policyAccess('legal-holds'),
  custom: {
    appendOnly: {
      advice: 'a hold is kept as it happened: release it and set a new one',
      fields: ['consumer', 'reason', 'createdBy', 'releasedAt'],
      times: [{ field: 'releasedAt', notBefore: 'createdAt' }],
    },
    readableValues: true,
  },
  admin: {
    components: {
      beforeListTable: ['/src/compliance/retention/RetentionDryRun#RetentionDryRun'],
    },
    defaultColumns: ['consumer', 'reason', 'createdBy', 'createdAt', 'releasedAt'],
    description:
      'A consumer under a legal hold is kept whole: neither the retention sweep nor a deletion request removes their records until the hold is released.',
    group: 'Compliance',
    useAsTitle: 'reason',
  },
  fields: [
    {
      name: 'consumer',
      type: 'relationship',
      hooks: { beforeChange: [lockHeldConsumer] },
      index: true,
      relationTo: 'consumer',
      required: true,
    },
    {
      name: 'reason',
      type: 'textarea',
      admin: { description: 'Why the data must be kept: the matter, case or request behind it.' },
      required: true,
      validate: noSsnInTextarea,
    },
    { ...stampedUserField('createdBy', 'create'), label: 'Set by' },
    {
      name: 'releasedAt',
      type: 'date',
      admin: {
        ...dayAndTime,
        description:
          'When the hold ended; empty while it is in force. Recorded once, not in the future.',
        position: 'sidebar',
      },
      index: true,
      label: 'Released at',
    },
  ],
  labels: { plural: 'Legal holds', singular: 'Legal hold' },
}
