import type { CollectionConfig, Field } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { upperTrim } from '../hooks/upperTrim'
import { listTransfer } from '../src/admin/transfer'
import { withHistory } from '../src/admin/history'
import { vinField } from '../src/fields/formatted'
import { integerField } from '../src/fields/integer'
import { textMatching } from '../src/fields/textMatching'

const HEX = /^#[0-9A-Fa-f]{6}$/

const colorsField = (name: string): Field => ({
  name,
  type: 'array',
  fields: [
    { name: 'name', type: 'text', required: true },
    {
      name: 'hex',
      type: 'text',
      admin: { placeholder: '#1A2B3C' },
      required: true,
      validate: textMatching(
        (value) => HEX.test(value),
        'must be a hex color: # and six hex digits',
      ),
    },
  ],
})

const transfer = listTransfer('listing')

/** Optional free-text fields side by side. */
const textRow = (...names: string[]): Field => ({
  type: 'row',
  fields: names.map((name) => ({ name, type: 'text' })),
})

const money = (name: string): Field => ({ name, type: 'number', min: 0 })

const isHttpUrl = (value: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const isUrl = textMatching(isHttpUrl, 'must be an http(s) address')

/**
 * The dealer's own inventory, answered by the listing lookup. Descriptive fields left empty are
 * filled from the VIN decoder at lookup time.
 */
export const Listings: CollectionConfig = withHistory({
  slug: 'listing',
  access: recordAccess({ integrator: ['read'] }),
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['vin', 'year', 'make', 'model', 'price', 'miles'],
    group: 'Vehicles',
    listSearchableFields: ['vin', 'make', 'model'],
    useAsTitle: 'vin',
  },
  endpoints: transfer.endpoints,
  fields: [
    {
      ...vinField('vin', { required: true, unique: true }),
      hooks: { beforeValidate: [upperTrim] },
    },
    {
      type: 'collapsible',
      admin: { description: 'Leave empty what the VIN decoder should fill in.' },
      fields: [
        integerField('year', { min: 1900 }),
        textRow('make', 'model', 'trim', 'series'),
        textRow('style', 'drivetrain', 'engine', 'transmission'),
        {
          type: 'row',
          fields: [
            { name: 'fuel', type: 'text' },
            integerField('doors', { min: 0 }),
            integerField('seats', { min: 0 }),
          ],
        },
      ],
      label: 'Vehicle',
    },
    {
      type: 'row',
      fields: [
        { name: 'used', type: 'checkbox', defaultValue: false },
        { name: 'cpo', type: 'checkbox', defaultValue: false, label: 'Certified pre-owned' },
        money('price'),
        { name: 'miles', type: 'number', min: 0 },
      ],
    },
    {
      name: 'historyReportUrl',
      type: 'text',
      label: 'Vehicle history report URL',
      validate: isUrl,
    },
    {
      name: 'photos',
      type: 'array',
      admin: { description: 'Upload an image or give its address.' },
      fields: [
        { name: 'image', type: 'upload', relationTo: 'media' },
        { name: 'url', type: 'text', validate: isUrl },
      ],
      validate: (rows: unknown) =>
        !Array.isArray(rows) ||
        rows.every((row: { image?: unknown; url?: unknown }) => row.image || row.url) ||
        'each photo needs an image or a URL',
    },
    colorsField('exteriorColors'),
    colorsField('interiorColors'),
    {
      name: 'options',
      type: 'array',
      fields: [
        { name: 'code', type: 'text', required: true },
        { name: 'description', type: 'text', required: true },
      ],
    },
    { type: 'row', fields: [money('baseInvoice'), money('optionsMsrp')] },
    {
      type: 'row',
      fields: [
        {
          name: 'combinedMpg',
          type: 'number',
          admin: { description: 'EPA combined miles per gallon.' },
          min: 1,
        },
        {
          name: 'kwhPer100Miles',
          type: 'number',
          admin: { description: 'EPA combined kWh per 100 miles (electric vehicles).' },
          min: 1,
        },
      ],
    },
    {
      name: 'specs',
      type: 'array',
      admin: {
        description:
          'Features by category; leave Value empty for a yes/no feature and tick Available.',
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'category', type: 'text', required: true },
            { name: 'feature', type: 'text', required: true },
            { name: 'value', type: 'text' },
            { name: 'available', type: 'checkbox', defaultValue: true },
          ],
        },
      ],
    },
  ],
  labels: { plural: 'Listings', singular: 'Listing' },
})
