import type { Field, GlobalConfig } from 'payload'

import { integerField } from '@/fields/integer'
import { stateCodeField } from '@/fields/stateCode'
import { BODIES, POWERTRAINS } from '@/lookups/tco/newPrices'
import { settingDescription, TCO_SETTINGS, type TcoSettingName } from '@/lookups/tco/parameters'

import { policyGlobalAccess } from '../access/policy'

const number = (
  name: string,
  description: string,
  { max, min = 0, required }: { max?: number; min?: number; required?: true } = {},
): Field => ({
  name,
  type: 'number',
  admin: { description },
  max,
  min,
  required,
})

/** One row of the model's adjustable assumptions, each with its bounds and default. */
const settingsRow = (...names: TcoSettingName[]): Field => ({
  type: 'row',
  fields: names.map((name) => number(name, settingDescription(name), TCO_SETTINGS[name])),
})

/**
 * Staff overrides of the TCO model's assumptions and state figures, applied without a deploy.
 * An empty field keeps the documented default (docs/tco-model.md).
 */
export const TcoSettings: GlobalConfig = {
  slug: 'tco-settings',
  access: policyGlobalAccess('tco-settings'),
  admin: { group: 'Vehicles' },
  fields: [
    settingsRow('milesPerYear', 'downPaymentPercent', 'termMonths'),
    settingsRow('aprNewPercent', 'aprUsedPercent'),
    settingsRow('fuelGrowthPercent', 'insuranceGrowthPercent', 'insuranceBase'),
    settingsRow('titleFee', 'registrationFee'),
    settingsRow('premiumFuelExtra', 'maintenancePerMile'),
    settingsRow('newPriceUnknownTrimPercent'),
    {
      name: 'newPrices',
      type: 'array',
      admin: {
        description:
          'Rows of the new-price table (base MSRP and destination charge of a line in a model year), used before the built-in table: a row for a line the table has (by make and model as the VIN decoder names them, and powertrain) adds or replaces that model year; a row for another line adds the line. Name the source of each price.',
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'make', type: 'text', maxLength: 40, minLength: 1, required: true },
            { name: 'model', type: 'text', maxLength: 60, minLength: 1, required: true },
            {
              name: 'powertrain',
              type: 'select',
              defaultValue: 'gasoline',
              options: [...POWERTRAINS],
              required: true,
            },
            {
              name: 'body',
              type: 'select',
              admin: { description: 'For a line the table does not have.' },
              options: [...BODIES],
            },
          ],
        },
        {
          type: 'row',
          fields: [
            {
              ...integerField('year', { min: 1980, required: true }),
              admin: { description: 'Model year.' },
              max: 2100,
            },
            number('msrp', 'Base MSRP, dollars of the model year.', {
              max: 2_000_000,
              min: 1000,
              required: true,
            }),
            number('destination', 'Destination charge, dollars (empty: the line’s own).', {
              max: 20_000,
            }),
            { name: 'source', type: 'text', maxLength: 200, minLength: 1, required: true },
          ],
        },
      ],
    },
    {
      name: 'residuals',
      type: 'array',
      admin: {
        description:
          'How a make, model or trim holds its value: an exponent of its segment’s retention curve (below 1 holds better, above 1 worse). Match: a make, optionally followed by model and trim (e.g. “Toyota”, “Toyota Tacoma”, “Porsche 911 GT3”), in whole words; the first row that starts the vehicle’s make, model and trim wins over the built-in table.',
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'match', type: 'text', maxLength: 100, minLength: 1, required: true },
            number('residual', 'Exponent: 1 is the segment’s curve.', {
              max: 3,
              min: 0.1,
              required: true,
            }),
          ],
        },
      ],
    },
    {
      name: 'maintenanceSchedule',
      type: 'array',
      admin: {
        description:
          'Scheduled maintenance lumps, each paid when the odometer passes a multiple of its miles, besides the routine cost per mile. Rows here replace the built-in schedule (30,000-mile service $550, tyres $700 every 45,000, brakes $600 every 50,000, major service $800 every 60,000, battery $250 every 75,000).',
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'item', type: 'text', maxLength: 100 },
            number('everyMiles', 'Miles.', { max: 1_000_000, min: 1000, required: true }),
            number('cost', 'Dollars, before segment and performance factors.', {
              max: 100_000,
              required: true,
            }),
          ],
        },
      ],
    },
    {
      name: 'states',
      type: 'array',
      admin: { description: 'Per-state figures replacing the built-in tables.' },
      fields: [
        {
          type: 'row',
          fields: [
            stateCodeField('state', { required: true }),
            number('salesTaxPercent', 'Percent.', { max: 30 }),
            number('salesTaxCap', 'Dollars.'),
            number('gasPrice', '$ per gallon.'),
            number('electricityPrice', '$ per kWh.'),
            number('insuranceFactor', 'Relative to the national base.', { max: 5 }),
            number('titleFee', 'Dollars.'),
            number('registrationFee', 'Dollars.'),
          ],
        },
      ],
    },
  ],
  label: 'TCO settings',
}
