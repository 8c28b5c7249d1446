import type { Field, GlobalConfig } from 'payload'

import { checkRole } from '../access/roles'
import { stateCodeField } from '../src/fields/stateCode'
import {
  settingDescription,
  TCO_SETTINGS,
  type TcoSettingName,
} from '../src/lookups/tco/parameters'

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
  access: {
    read: ({ req: { user } }) => checkRole(user, { clients: ['admin'], staff: ['admin', 'staff'] }),
    update: ({ req: { user } }) => checkRole(user, { clients: ['admin'], staff: ['admin'] }),
  },
  admin: { group: 'Vehicles' },
  fields: [
    settingsRow('milesPerYear', 'downPaymentPercent', 'termMonths'),
    settingsRow('aprNewPercent', 'aprUsedPercent'),
    settingsRow('fuelGrowthPercent', 'insuranceGrowthPercent', 'insuranceBase'),
    settingsRow('titleFee', 'registrationFee'),
    settingsRow('premiumFuelExtra', 'maintenancePerMile'),
    settingsRow('newPriceDestinationPercent', 'newPriceGrowthPercent'),
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
