import type { CollectionConfig } from 'payload'

import { noSsnInTextarea } from '@/creditData/ssnFields'
import { leadOfField } from '@/fields/leadOf'
import { stampedUserField } from '@/fields/stampedUser'
import { leadNoteTitle, titleField } from '@/fields/titles'

import { policyAccess } from '../access/policy'

/**
 * A note on a lead, written by staff at the lead desk: what the customer said, what was agreed.
 * It belongs to the lead's dealership (a dealer's users write and read their own leads' notes),
 * moves with the lead when duplicates are merged, and goes with the person's data when it is
 * erased. Not part of the lead's event history: lead events keep the contract's types.
 */
export const LeadNotes: CollectionConfig = {
  slug: 'lead-note',
  trash: true,
  versions: true,
  custom: { dealerScope: { lead: 'lead', rows: 'dealership' }, readableValues: true },
  access: policyAccess('lead-note'),
  admin: {
    defaultColumns: ['title', 'lead', 'createdBy', 'createdAt'],
    group: 'Leads',
    listSearchableFields: ['title', 'body'],
    useAsTitle: 'title',
  },
  defaultSort: '-createdAt',
  fields: [
    titleField(leadNoteTitle, ['lead', 'body']),
    leadOfField('The lead the note is about.'),
    {
      name: 'body',
      type: 'textarea',
      admin: { description: 'What was said or agreed. No social security numbers.' },
      maxLength: 4000,
      required: true,
      validate: noSsnInTextarea('lead-note.body'),
    },
    stampedUserField('createdBy', 'create'),
    stampedUserField('lastModifiedBy', 'change'),
  ],
  labels: { plural: 'Lead notes', singular: 'Lead note' },
}
