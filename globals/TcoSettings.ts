import type { Field, GlobalConfig } from 'payload'

import { checkRole } from '../access/roles'

const number = (
  name: string,
  description: string,
  { max, min = 0 }: { max?: number; min?: number } = {},
): Field => ({
  name,
  type: 'number',
  admin: { description },
  max,
  min,
})

/**
 * Staff overrides of the TCO model's assumptions and state figures, applied without a deploy.
 * An empty field keeps the documented default (docs/tco-model.md).
 */
export const TcoSettings: GlobalConfig = {
  slug: 'tco-settings',
  access: {
    read: ({ req: { user } }) => checkRole(user, { clients: ['admin'], staff: ['admin', 'staff'] }),
    update: ({ req: { user } }) => checkRole(user, { clients: ['admin'], staff: ['admin'] }),
  },
  admin: { group: 'Vehicles' },
  fields: [
    {
      type: 'row',
      fields: [
        number('milesPerYear', 'Default 15,000.', { max: 100_000, min: 1000 }),
        number('downPaymentPercent', 'Default 10.', { max: 100 }),
        number('termMonths', 'Default 60.', { max: 96, min: 12 }),
      ],
    },
    {
      type: 'row',
      fields: [
        number('aprNewPercent', 'Default 7.', { max: 40 }),
        number('aprUsedPercent', 'Default 11.5.', { max: 40 }),
      ],
    },
    {
      type: 'row',
      fields: [
        number('fuelGrowthPercent', 'Yearly growth of fuel prices. Default 3.', {
          max: 50,
          min: -50,
        }),
        number('insuranceGrowthPercent', 'Yearly growth of premiums. Default 3.', {
          max: 50,
          min: -50,
        }),
        number('insuranceBase', 'National full-coverage premium a year. Default 1,800.'),
      ],
    },
    {
      type: 'row',
      fields: [
        number('titleFee', 'Title fee in year 1. Default 100.'),
        number('registrationFee', 'Registration every year. Default 150.'),
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
            {
              name: 'state',
              type: 'text',
              required: true,
              validate: (value: unknown) =>
                (typeof value === 'string' && /^[A-Z]{2}$/.test(value)) ||
                'must be a two-letter state code',
            },
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
