import type { CollectionConfig, Field, PayloadRequest } from 'payload'

import { listTransfer } from '@/admin/transfer'
import { vehicleTitle } from '@/admin/values/format'
import { vinField } from '@/fields/formatted'
import { integerField } from '@/fields/integer'
import { moneyField } from '@/fields/readableValues'
import { related, titleField } from '@/fields/titles'
import { textOf } from '@/lib/text'
import { textMatching } from '@/validation/textMatching'

import { policyAccess } from '../access/policy'
import { upperTrim } from '../hooks/upperTrim'

const HEX = /^#[0-9A-Fa-f]{6}$/

const colorsField = (name: string, description: string): Field => ({
  name,
  type: 'array',
  admin: { description },
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

/**
 * "2022 Toyota Camry LE": the listing's own description, else that of the vehicle with its VIN
 * (a listing's description is often left to the VIN decoder), else the VIN.
 */
const listingTitle = async (listing: Record<string, unknown>, req: PayloadRequest) =>
  vehicleTitle(listing) ||
  vehicleTitle(await related(req, 'vehicle', listing.vin)) ||
  textOf(listing.vin)

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
export const Listings: CollectionConfig = {
  slug: 'listing',
  versions: true,
  custom: { readableValues: true },
  access: policyAccess('listing'),
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['title', 'vin', 'price', 'miles', 'used', 'cpo', 'updatedAt'],
    group: 'Vehicles',
    listSearchableFields: ['title', 'vin', 'make', 'model', 'trim'],
    useAsTitle: 'title',
  },
  // Its VIN is unique, and a copy could only repeat it: no Duplicate action, no /duplicate route.
  disableDuplicate: true,
  endpoints: transfer.endpoints,
  fields: [
    titleField(listingTitle, ['vin', 'year', 'make', 'model', 'trim']),
    {
      ...vinField('vin', {
        admin: { description: 'The 17-character VIN; the listing lookup finds the car by it.' },
        required: true,
        unique: true,
      }),
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
            {
              name: 'fuel',
              type: 'text',
              admin: { description: 'Fuel type, e.g. "Gasoline" or "Electric".' },
            },
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
        {
          name: 'used',
          type: 'checkbox',
          admin: { description: 'Pre-owned, not new.' },
          defaultValue: false,
        },
        { name: 'cpo', type: 'checkbox', defaultValue: false, label: 'Certified pre-owned' },
        moneyField('price', 'Asking price, in US dollars.'),
        {
          name: 'miles',
          type: 'number',
          admin: { description: 'Odometer reading, in miles.' },
          min: 0,
        },
      ],
    },
    {
      name: 'historyReportUrl',
      type: 'text',
      admin: { description: 'Link (http or https) to the vehicle history report.' },
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
    colorsField('exteriorColors', 'Exterior colors: a name and a hex code (#1A2B3C) each.'),
    colorsField('interiorColors', 'Interior colors: a name and a hex code (#1A2B3C) each.'),
    {
      name: 'options',
      type: 'array',
      admin: { description: "Installed options: the maker's option code and what it is." },
      fields: [
        { name: 'code', type: 'text', required: true },
        { name: 'description', type: 'text', required: true },
      ],
    },
    {
      type: 'row',
      fields: [
        moneyField('baseInvoice', 'Dealer invoice price of the base vehicle, in US dollars.'),
        moneyField(
          'optionsMsrp',
          'Sticker price of the installed options together, in US dollars.',
        ),
      ],
    },
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
}
