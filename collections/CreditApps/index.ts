import type { CollectionConfig, Field, PayloadRequest, SelectFieldSingleValidation } from 'payload'
import { select } from 'payload/shared'

import { noteAdverseAction } from '@/compliance/adverseAction/notices'
import { screenCreditApp } from '@/compliance/sanctions/hooks'
import { encrypted, ssnField } from '@/creditData'
import { dateField, emailField, phoneField } from '@/fields/formatted'
import { phoneSearch } from '@/fields/phoneSearch'
import { prefixedId } from '@/fields/prefixedId'
import { creditAppTitleOf, related, titleField } from '@/fields/titles'
import { isRecord } from '@/lib/isRecord'
import { HOLD_STATUSES, markForProvider, queueForProvider } from '@/providers'

import { isAdminFieldLevel } from '../../access/isAdmin'
import { nobodyFieldLevel } from '../../access/nobody'
import { policyAccess } from '../../access/policy'

/** The two credit-application providers of the contract (section 2.1), by their contract names. */
export const creditProviders = ['provider_a', 'provider_b'] as const

/** The applicant's and the co-applicant's personal fields have the same shape. */
const applicant = (prefix: '' | 'coApplicant'): Field[] => {
  const name = (field: string) =>
    prefix ? `${prefix}${field[0].toUpperCase()}${field.slice(1)}` : field
  return [
    { name: name('firstName'), type: 'text' },
    { name: name('lastName'), type: 'text' },
    ssnField(prefix ? 'coApplicantSSN' : 'ssn', prefix ? 'Co-applicant SSN' : 'SSN'),
    emailField(name('email')),
    phoneField(name('phoneNumber')),
    encrypted(
      dateField(name('birthDate'), {
        admin: { description: 'Date of birth, YYYY-MM-DD; stored encrypted.' },
      }),
    ),
  ]
}

/** Where sending the app to its provider stands; written only by the service (src/providers). */
const providerSubmission: Field = {
  name: 'providerSubmission',
  type: 'group',
  access: { create: nobodyFieldLevel, update: nobodyFieldLevel },
  admin: {
    description: 'Set by the service when the app is sent to its provider.',
    readOnly: true,
  },
  fields: [
    {
      name: 'status',
      type: 'select',
      admin: {
        description:
          'Queued, sending, retrying after a failed attempt, then accepted, rejected, failed or cancelled; or held: awaiting sanctions review, blocked (a confirmed match), awaiting authorization (no credit-report authorization on file).',
      },
      enumName: 'enum_credit_app_submission_status',
      // The dashboard counts apps by status: few rows hold any one of them.
      index: true,
      // Labels for the admin UI; the values are what the API answers.
      options: [
        'queued',
        'sending',
        'retrying',
        'accepted',
        'rejected',
        'failed',
        'cancelled',
        ...HOLD_STATUSES,
      ].map((value) => ({ label: value[0].toUpperCase() + value.slice(1), value })),
    },
    {
      name: 'attempts',
      type: 'number',
      admin: { description: 'Attempts made to send it, counting the first.' },
    },
    {
      name: 'message',
      type: 'text',
      admin: {
        description: "The provider's message on a rejection, or why the last attempt failed.",
      },
    },
    {
      // Names settings and variables: for who can change them, not for sales staff or dealers.
      name: 'configuration',
      type: 'text',
      access: { read: isAdminFieldLevel },
      admin: {
        condition: (_, submission) => Boolean(submission?.configuration),
        description: 'What the service lacks to send the app: the setting to add.',
      },
      label: 'Configuration error',
    },
    {
      name: 'providerReference',
      type: 'text',
      admin: { description: "The provider's own id for the application, once it accepts it." },
    },
    {
      name: 'idempotencyKey',
      type: 'text',
      admin: {
        description: 'Sent with every attempt, so the provider never books the app twice.',
      },
    },
    ...(
      [
        ['queuedAt', 'When the app was queued for its provider.'],
        ['lastAttemptAt', 'When the last attempt to send it started.'],
        ['nextAttemptAt', 'When the next attempt is due, after a failed one.'],
        ['completedAt', 'When the submission ended: accepted, rejected, failed or cancelled.'],
      ] as const
    ).map(([name, description]): Field => ({
      name,
      type: 'date',
      admin: { date: { pickerAppearance: 'dayAndTime' }, description },
    })),
  ],
}

/** A provider must be named for the app to be sent. */
const providerNamed: SelectFieldSingleValidation = (value, options) =>
  isRecord(options.data) && options.data.toProvider && !value
    ? 'is required when toProvider is true'
    : select(value, options)

/** "Maria González — 2022 Toyota Camry · Provider A". */
const creditAppTitle = async (app: Record<string, unknown>, req: PayloadRequest) =>
  creditAppTitleOf(
    await related(req, 'consumer', app.consumer),
    await related(req, 'vehicle', app.vehicle),
    app.provider,
  )

const byPhone = phoneSearch(['phoneNumber', 'coApplicantPhoneNumber'])

/** A consumer's application for credit on a vehicle under a pre-approval. */
export const CreditApps: CollectionConfig = {
  slug: 'credit-app',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: {
    creditData: true,
    dealerScope: { rows: 'credit' },
    readableValues: true,
    webhookEvents: { create: 'credit_app.created' },
  },
  access: policyAccess('credit-app'),
  admin: {
    defaultColumns: ['title', 'provider', 'toProvider', 'providerSubmission.status', 'updatedAt'],
    group: 'Credit',
    listSearchableFields: [
      'title',
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'coApplicantLastName',
      'coApplicantPhoneNumber',
      'id',
    ],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  hooks: {
    afterChange: [queueForProvider, noteAdverseAction],
    beforeChange: [screenCreditApp, markForProvider],
    beforeOperation: [byPhone.hook],
  },
  fields: [
    prefixedId('crapp_'),
    titleField(creditAppTitle, ['consumer', 'vehicle', 'provider']),
    byPhone.field,
    {
      name: 'head',
      type: 'ui',
      admin: { components: { Field: '/src/admin/creditApp/CreditAppHead#CreditAppHead' } },
    },
    {
      type: 'tabs',
      // Tabs without names: they group the form, not the data (the API shape is flat).
      tabs: [
        {
          fields: [
            {
              name: 'consumer',
              type: 'relationship',
              admin: {
                description:
                  'The consumer who applies; the fields below are as given on this application.',
              },
              index: true,
              relationTo: 'consumer',
              required: true,
            },
            ...applicant(''),
          ],
          label: 'Applicant',
        },
        {
          fields: [
            {
              name: 'coApplicantConsumer',
              type: 'relationship',
              admin: { description: 'The co-applicant, when there is one.' },
              relationTo: 'consumer',
            },
            ...applicant('coApplicant'),
          ],
          label: 'Co-applicant',
        },
        {
          fields: [
            {
              name: 'preApproval',
              type: 'relationship',
              admin: { description: 'The pre-approval the application is made under.' },
              index: true,
              relationTo: 'pre-approval',
              required: true,
            },
            {
              name: 'vehicle',
              type: 'relationship',
              admin: { description: 'The vehicle to be financed, by VIN.' },
              index: true,
              relationTo: 'vehicle',
              required: true,
            },
          ],
          label: 'Vehicle & pre-approval',
        },
        {
          fields: [
            {
              name: 'provider',
              type: 'select',
              admin: {
                description:
                  'The credit provider to send the app to; needed when "To Provider" is ticked.',
              },
              enumName: 'enum_credit_provider',
              options: creditProviders.map((value) => ({
                label: value === 'provider_a' ? 'Provider A' : 'Provider B',
                value,
              })),
              validate: providerNamed,
            },
            {
              name: 'toProvider',
              type: 'checkbox',
              defaultValue: false,
              admin: {
                description:
                  'Send this application to the provider (again, after turning it off and on).',
              },
            },
            providerSubmission,
            {
              name: 'providerResponse',
              type: 'json',
              access: { create: nobodyFieldLevel, update: nobodyFieldLevel },
              admin: {
                components: { Field: '/src/admin/JsonReadout#JsonReadout' },
                description: "The provider's answer, without personal data.",
                readOnly: true,
              },
            },
          ],
          label: 'Provider submission',
        },
      ],
    },
  ],
  labels: { plural: 'Credit apps', singular: 'Credit app' },
}
