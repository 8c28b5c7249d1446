import type { Field, FieldAccess } from 'payload'

import { houseStaffOnlyField } from '../../access/isStaff'
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

type JsonSchema = Record<string, unknown>
const listOf = (items: JsonSchema): JsonSchema => ({ items, type: ['array', 'null'] })
const stringProps = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'string' }]))
const numberProps = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'number' }]))

/** One of ADF's values, as stored (optionValue). */
const oneOf = (values: readonly string[]) => ({ enum: values.map(optionValue), type: 'string' })

const PHONE_SCHEMA: JsonSchema = {
  additionalProperties: false,
  properties: {
    number: { type: 'string' },
    preferred: { type: 'boolean' },
    time: oneOf(PHONE_TIMES),
    type: oneOf(PHONE_TYPES),
  },
  required: ['number'],
  type: 'object',
}

const VEHICLE_SCHEMA: JsonSchema = {
  additionalProperties: false,
  properties: {
    ...stringProps('make', 'model', 'trim', 'vin', 'vehicle', 'stock'),
    ...stringProps('odometerUnits', 'priceCurrency', 'comments'),
    financeMethod: oneOf(FINANCE_METHODS),
    interest: oneOf(INTERESTS),
    priceType: oneOf(PRICE_TYPES),
    status: oneOf(VEHICLE_STATUSES),
    ...numberProps('year', 'odometer', 'price', 'downPayment', 'monthlyPayment', 'financeTotal'),
  },
  type: 'object',
}

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
    // Lists as JSON (one column), not arrays: an array's child table is rewritten on every save of
    // the lead, and concurrent saves of one lead (desk events, assignment) then deadlock.
    {
      name: 'phones',
      type: 'json',
      admin: { description: 'Each phone as sent: number, type, time, preferred.' },
      typescriptSchema: [() => listOf(PHONE_SCHEMA)],
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
      type: 'json',
      admin: {
        description:
          'Each vehicle as sent: interest, status, year, make, model, trim, VIN (and `vehicle`, the VIN of the service’s vehicle when it has one), stock, odometer, price, finance.',
      },
      typescriptSchema: [() => listOf(VEHICLE_SCHEMA)],
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
      // Not for dealers: one document may hold other dealerships' prospects.
      access: { ...intakeOnly, read: houseStaffOnlyField },
      admin: { description: 'The original ADF document, as received (staff only, not dealers).' },
      // As long as ADF_MAX_BYTES lets a document be (Payload's default is 40,000 characters).
      maxLength: 16 * 1024 * 1024,
    },
  ],
  label: 'ADF',
}
