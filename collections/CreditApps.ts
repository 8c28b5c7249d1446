import type { CollectionConfig, Field } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { dateField, emailField, phoneField } from '../src/fields/formatted'
import { prefixedId } from '../src/fields/prefixedId'
import { creditDataHooks, encrypted, ssnField } from '../src/fields/sensitive'

/** The two credit-application providers of the contract (section 2.1), by their contract names. */
export const creditProviders = ['provider_a', 'provider_b'] as const

/** The applicant's and the co-applicant's personal fields have the same shape. */
const applicant = (prefix: '' | 'coApplicant'): Field[] => {
  const name = (field: string) => (prefix ? `${prefix}${field[0].toUpperCase()}${field.slice(1)}` : field)
  return [
    { name: name('firstName'), type: 'text' },
    { name: name('lastName'), type: 'text' },
    ssnField(prefix ? 'coApplicantSSN' : 'ssn', prefix ? 'Co-applicant SSN' : 'SSN'),
    emailField(name('email')),
    phoneField(name('phoneNumber')),
    encrypted(dateField(name('birthDate'))),
  ]
}

/** A consumer's application for credit on a vehicle under a pre-approval. */
export const CreditApps: CollectionConfig = {
  slug: 'credit-app',
  access: recordAccess({ integrator: ['create', 'read'], staffDelete: false }),
  admin: { defaultColumns: ['id', 'consumer', 'vehicle', 'provider', 'toProvider', 'createdAt'], group: 'Credit', useAsTitle: 'id' },
  disableDuplicate: true,
  hooks: creditDataHooks(['ssn', 'coApplicantSSN', 'birthDate', 'coApplicantBirthDate']),
  fields: [
    prefixedId('crapp_'),
    { name: 'preApproval', type: 'relationship', index: true, relationTo: 'pre-approval', required: true },
    { name: 'consumer', type: 'relationship', index: true, relationTo: 'consumer', required: true },
    { name: 'vehicle', type: 'relationship', index: true, relationTo: 'vehicle', required: true },
    {
      name: 'provider',
      type: 'select',
      enumName: 'enum_credit_provider',
      options: creditProviders.map((value) => ({ label: value === 'provider_a' ? 'Provider A' : 'Provider B', value })),
    },
    { name: 'toProvider', type: 'checkbox', defaultValue: false, admin: { description: 'Send this application to the provider.' } },
    { name: 'providerResponse', type: 'json', admin: { readOnly: true } },
    ...applicant(''),
    { name: 'coApplicantConsumer', type: 'relationship', relationTo: 'consumer' },
    ...applicant('coApplicant'),
  ],
  labels: { plural: 'Credit apps', singular: 'Credit app' },
}
