import type { Field, FieldAccess } from 'payload'

import { staffOnlyField } from '../../access/isStaff'
import {
  ADDRESS_TYPES,
  FINANCE_METHODS,
  INTERESTS,
  PHONE_TIMES,
  PHONE_TYPES,
  PRICE_TYPES,
  PROSPECT_STATUSES,
  VEHICLE_STATUSES,
} from './prospect'

/** Select values are snake_case (`trade-in` is kept as `trade_in`); ADF's own spelling is the label. */
export const optionValue = (value: string): string => value.replace(/-/g, '_')
export const adfValue = (value: string): string => value.replace(/_/g, '-')

const options = (values: readonly string[]) =>
  values.map((value) => ({ label: value, value: optionValue(value) }))

/** Written only by the ADF intake (src/adf/ingest.ts), which marks its own writes. */
const byIntake: FieldAccess = ({ req }) => req.context.adfIngest === true

const intakeOnly = { create: byIntake, update: byIntake }

const select = (name: string, values: readonly string[], enumName: string): Field => ({
  name,
  type: 'select',
  enumName,
  options: options(values),
})

const text = (name: string, label?: string): Field => ({ name, type: 'text', label })
const amount = (name: string, label?: string): Field => ({ name, type: 'number', label, min: 0 })

/**
 * What an ADF lead said beyond the lead's own fields (name, e-mail, phone, source, location):
 * kept as sent, read by whoever reads the lead, written only by the intake. The original document
 * is read by staff users only (API answers and webhooks leave it out).
 */
export const adfField: Field = {
  name: 'adf',
  type: 'group',
  access: intakeOnly,
  admin: {
    condition: (data) => Boolean(data?.adf?.origin),
    description: 'The lead as its source sent it in ADF (Auto-lead Data Format). Read-only.',
    readOnly: true,
  },
  fields: [
    {
      type: 'row',
      fields: [
        select('origin', ['http', 'mailbox'], 'enum_lead_adf_origin'),
        select('status', PROSPECT_STATUSES, 'enum_lead_adf_status'),
        { name: 'requestDate', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    {
      type: 'row',
      fields: [text('prospectId', 'Prospect id'), text('prospectIdSource', 'Prospect id source')],
    },
    { type: 'row', fields: [text('middleName'), text('suffix')] },
    {
      name: 'phones',
      type: 'array',
      fields: [
        {
          type: 'row',
          fields: [
            text('number'),
            select('type', PHONE_TYPES, 'enum_lead_adf_phone_type'),
            select('time', PHONE_TIMES, 'enum_lead_adf_phone_time'),
            { name: 'preferred', type: 'checkbox' },
          ],
        },
      ],
    },
    {
      name: 'address',
      type: 'group',
      fields: [
        { name: 'street', type: 'textarea' },
        {
          type: 'row',
          fields: [
            text('apartment'),
            text('city'),
            text('regionCode', 'Region code'),
            text('postalCode', 'Postal code'),
            text('country'),
            select('type', ADDRESS_TYPES, 'enum_lead_adf_address_type'),
          ],
        },
      ],
    },
    {
      name: 'vehicles',
      type: 'array',
      fields: [
        {
          type: 'row',
          fields: [
            select('interest', INTERESTS, 'enum_lead_adf_interest'),
            select('status', VEHICLE_STATUSES, 'enum_lead_adf_vehicle_status'),
            { name: 'year', type: 'number' },
            text('make'),
            text('model'),
            text('trim'),
          ],
        },
        {
          type: 'row',
          fields: [
            text('vin', 'VIN'),
            {
              name: 'vehicle',
              type: 'relationship',
              admin: { description: "The service's vehicle of this VIN, when it has one." },
              relationTo: 'vehicle',
            },
            text('stock'),
            amount('odometer'),
            text('odometerUnits', 'Odometer units'),
          ],
        },
        {
          type: 'row',
          fields: [
            amount('price'),
            select('priceType', PRICE_TYPES, 'enum_lead_adf_price_type'),
            text('priceCurrency', 'Currency'),
          ],
        },
        {
          type: 'row',
          fields: [
            select('financeMethod', FINANCE_METHODS, 'enum_lead_adf_finance_method'),
            amount('downPayment', 'Down payment'),
            amount('monthlyPayment', 'Monthly payment'),
            amount('financeTotal', 'Finance total'),
          ],
        },
        { name: 'comments', type: 'textarea' },
      ],
    },
    {
      name: 'timeframe',
      type: 'group',
      fields: [
        { name: 'description', type: 'text' },
        {
          type: 'row',
          fields: [
            { name: 'earliestDate', type: 'date' },
            { name: 'latestDate', type: 'date' },
          ],
        },
      ],
    },
    { name: 'comments', type: 'textarea', admin: { description: "The customer's comments." } },
    { type: 'row', fields: [text('vendorId', 'Vendor id'), text('vendorName', 'Vendor name')] },
    {
      type: 'row',
      fields: [
        text('providerId', 'Provider id'),
        text('providerName', 'Provider'),
        text('providerService', 'Provider service'),
      ],
    },
    {
      type: 'row',
      fields: [
        text('providerUrl', 'Provider URL'),
        text('providerEmail', 'Provider e-mail'),
        text('providerPhone', 'Provider phone'),
      ],
    },
    {
      name: 'document',
      type: 'textarea',
      access: { ...intakeOnly, read: staffOnlyField },
      admin: { description: 'The original ADF document, as received (staff only).' },
      // As long as ADF_MAX_BYTES lets a document be (Payload's default is 40,000 characters).
      maxLength: 16 * 1024 * 1024,
    },
  ],
  label: 'ADF',
}
