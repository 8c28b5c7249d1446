import type { CollectionConfig } from 'payload'

import { policyAccess } from '../access/policy'

/**
 * One row per e-mail the lead mailbox has taken (src/adf/mailbox), keyed by its Message-ID (or a
 * hash of its bytes): written only by the service, in the transaction that saves its leads, so a
 * message is read into leads once whatever the number of pollers. Deleting a row lets the message
 * be read again once it is moved back to the inbox.
 */
export const MailboxMessages: CollectionConfig = {
  custom: { readableValues: true },
  slug: 'mailbox-message',
  access: policyAccess('mailbox-message'),
  admin: {
    defaultColumns: ['subject', 'from', 'status', 'reason', 'receivedAt'],
    description:
      'E-mails read by the lead mailbox: the leads each made, or why it was moved to the failed folder.',
    group: 'Leads',
    listSearchableFields: ['messageId', 'subject', 'from'],
    useAsTitle: 'subject',
  },
  disableDuplicate: true,
  fields: [
    {
      name: 'messageId',
      type: 'text',
      admin: {
        description: 'The Message-ID header, or sha256:<hash of the raw message> when it has none.',
      },
      index: true,
      required: true,
      unique: true,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'status',
          type: 'select',
          index: true,
          options: [
            { label: 'Processed', value: 'processed' },
            { label: 'Failed', value: 'failed' },
          ],
          required: true,
        },
        {
          name: 'receivedAt',
          type: 'date',
          admin: {
            date: { pickerAppearance: 'dayAndTime' },
            description: 'When the service read it.',
          },
          index: true,
          required: true,
        },
      ],
    },
    {
      name: 'reason',
      type: 'textarea',
      admin: { description: 'Why the message made no lead (failed messages only).' },
    },
    { name: 'leads', type: 'relationship', hasMany: true, relationTo: 'lead' },
    {
      type: 'row',
      fields: [
        { name: 'from', type: 'text' },
        { name: 'subject', type: 'text' },
      ],
    },
    {
      name: 'sentAt',
      type: 'date',
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        description: "The message's Date header.",
      },
    },
  ],
  labels: { plural: 'Mailbox messages', singular: 'Mailbox message' },
}
