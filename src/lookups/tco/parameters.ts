/**
 * The TCO model's adjustable assumptions, one row each: default, bounds and meaning. The
 * `tco-settings` global's fields and the lookup's query schema (./query.ts: its parser and its
 * OpenAPI parameters) are all derived from these rows (docs/tco-model.md).
 */
import { fromKeys, keysOf } from '../keyed'

type TcoParameter = {
  default: number
  /** What the value means, when its name does not say it; the texts add bounds and default. */
  description?: string
  integer?: boolean
  max?: number
  min: number
}

const figure = (value: number) => value.toLocaleString('en-US')

/** The assumptions staff may override in the `tco-settings` global. */
export const TCO_SETTINGS = {
  aprNewPercent: { default: 6.5, max: 40, min: 0 },
  aprUsedPercent: { default: 8.5, max: 40, min: 0 },
  downPaymentPercent: { default: 10, max: 100, min: 0 },
  fuelGrowthPercent: {
    default: 3,
    description: 'Yearly growth of fuel prices.',
    max: 50,
    min: -50,
  },
  insuranceBase: {
    default: 1150,
    description: 'National premium a year for a $30,000 vehicle, before state and vehicle factors.',
    min: 0,
  },
  insuranceGrowthPercent: {
    default: 3,
    description: 'Yearly growth of premiums.',
    max: 50,
    min: -50,
  },
  maintenancePerMile: {
    default: 0.02,
    description:
      'Routine service (oil, filters, rotations), $ per mile, besides the scheduled lumps.',
    max: 1,
    min: 0,
  },
  milesPerYear: { default: 15_000, integer: true, max: 100_000, min: 1000 },
  newPriceUnknownTrimPercent: {
    default: 10,
    description:
      "An estimated new price whose trim is unknown or not on the price ladder: how far above the line's base price, percent.",
    max: 100,
    min: 0,
  },
  premiumFuelExtra: {
    default: 0.85,
    description: 'Premium over regular gasoline, $ per gallon (performance engines).',
    max: 5,
    min: 0,
  },
  registrationFee: { default: 150, description: 'Registration every year.', min: 0 },
  termMonths: { default: 60, integer: true, max: 96, min: 12 },
  titleFee: { default: 100, description: 'Title fee in year 1.', min: 0 },
} satisfies Record<string, TcoParameter>

export type TcoSettingName = keyof typeof TCO_SETTINGS

/** A query parameter is bounded on both sides; `defaultText` when one number does not say it. */
export type TcoQueryParameter = TcoParameter & { defaultText?: string; max: number }

/** The assumptions a caller may override for one answer (`GET /tco/{vin}?apr=…`). */
export const TCO_QUERY = {
  apr: {
    ...TCO_SETTINGS.aprNewPercent,
    defaultText: `${figure(TCO_SETTINGS.aprNewPercent.default)} new, ${figure(TCO_SETTINGS.aprUsedPercent.default)} used`,
    description: 'Loan APR in percent',
  },
  downPaymentPercent: TCO_SETTINGS.downPaymentPercent,
  milesPerYear: TCO_SETTINGS.milesPerYear,
  termMonths: TCO_SETTINGS.termMonths,
} satisfies Record<string, TcoQueryParameter>

export type TcoQueryName = keyof typeof TCO_QUERY

/** Every setting's default, by name. */
export const SETTING_DEFAULTS: Record<TcoSettingName, number> = fromKeys(
  keysOf(TCO_SETTINGS),
  (name) => TCO_SETTINGS[name].default,
)

/** The admin description of a setting, e.g. "Yearly growth of premiums. Default 3." */
export const settingDescription = (name: TcoSettingName): string => {
  const parameter: TcoParameter = TCO_SETTINGS[name]
  const meaning = parameter.description ? `${parameter.description} ` : ''
  return `${meaning}Default ${figure(parameter.default)}.`
}

/** The OpenAPI description of a query parameter, e.g. "1,000–100,000; default 15,000." */
export const queryDescription = (name: TcoQueryName): string => {
  const parameter: TcoQueryParameter = TCO_QUERY[name]
  const meaning = parameter.description ? `${parameter.description}, ` : ''
  const bounds = `${figure(parameter.min)}–${figure(parameter.max)}`
  return `${meaning}${bounds}; default ${parameter.defaultText ?? figure(parameter.default)}.`
}
