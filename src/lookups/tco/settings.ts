/** The model's defaults merged with the staff overrides of the `tco-settings` global. */
import type { Payload } from 'payload'

import type { TcoSetting } from '../../../payload-types'
import { fromKeys, keysOf } from '../keyed'
import type { TcoAssumptions } from './model'
import type { StaffPriceRow } from './newPrices'
import { SETTING_DEFAULTS, TCO_SETTINGS } from './parameters'
import { MAINTENANCE_SCHEDULE, type ResidualRule, type Warranty } from './segments'
import { NATIONAL_FIGURES, STATE_FIGURES, type StateFigures } from './states'

const NO_RESIDUALS: ResidualRule[] = []
const NO_STAFF_PRICES: StaffPriceRow[] = []

/**
 * The adjustable assumptions' defaults, the built-in maintenance schedule, no staff residual
 * rules or new-price rows, and the warranty the model assumes for every vehicle.
 */
export const DEFAULTS = {
  ...SETTING_DEFAULTS,
  maintenanceSchedule: MAINTENANCE_SCHEDULE,
  newPrices: NO_STAFF_PRICES,
  residuals: NO_RESIDUALS,
  warrantyMiles: 36_000,
  warrantyYears: 3,
}

export type Settings = typeof DEFAULTS & { states: NonNullable<TcoSetting['states']> }

/** The entries of `values` that are set (neither null nor undefined). */
export const defined = <T extends object>(values: T) =>
  // Cast: Object.fromEntries types its keys as plain strings.
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  ) as { [K in keyof T]?: NonNullable<T[K]> }

export const loadSettings = async (payload: Payload): Promise<Settings> => {
  const stored = await payload.findGlobal({ slug: 'tco-settings', overrideAccess: true })
  const { maintenanceSchedule, newPrices, residuals, states } = stored
  const overrides = fromKeys(keysOf(TCO_SETTINGS), (name) => stored[name])
  return {
    ...DEFAULTS,
    ...defined(overrides),
    // A schedule entered by staff replaces the built-in one whole; their residual rules come first.
    maintenanceSchedule: maintenanceSchedule?.length
      ? maintenanceSchedule.map(({ cost, everyMiles, item }) => ({
          cost,
          everyMiles,
          item: item ?? '',
        }))
      : DEFAULTS.maintenanceSchedule,
    newPrices: (newPrices ?? []).map((row) => ({
      body: row.body ?? null,
      destination: row.destination ?? null,
      make: row.make,
      model: row.model,
      msrp: row.msrp,
      powertrain: row.powertrain,
      source: row.source,
      year: row.year,
    })),
    residuals: (residuals ?? []).map(({ match, residual }) => ({ match, residual })),
    states: states ?? [],
  }
}

/** The state's figures (table, then overrides); national figures when the state is unknown. */
export const stateFigures = (
  settings: Settings,
  state: null | string,
): StateFigures & { registrationFee: number; titleFee: number } => {
  const base = (state && STATE_FIGURES[state]) || NATIONAL_FIGURES
  const override = settings.states.find((row) => row.state === state)
  const { id: _id, state: _state, ...values } = override ?? {}
  return {
    registrationFee: settings.registrationFee,
    titleFee: settings.titleFee,
    ...base,
    ...defined(values),
  }
}

/** The assumptions of a used or new vehicle, under the make's warranty when it has its own. */
export const assumptionsFrom = (
  settings: typeof DEFAULTS,
  used: boolean,
  warranty?: Warranty,
): TcoAssumptions => ({
  apr: used ? settings.aprUsedPercent : settings.aprNewPercent,
  downPaymentPercent: settings.downPaymentPercent,
  fuelGrowthPercent: settings.fuelGrowthPercent,
  insuranceBase: settings.insuranceBase,
  insuranceGrowthPercent: settings.insuranceGrowthPercent,
  maintenancePerMile: settings.maintenancePerMile,
  maintenanceSchedule: settings.maintenanceSchedule,
  milesPerYear: settings.milesPerYear,
  premiumFuelExtra: settings.premiumFuelExtra,
  registrationFee: settings.registrationFee,
  termMonths: settings.termMonths,
  titleFee: settings.titleFee,
  warrantyMiles: warranty?.warrantyMiles ?? settings.warrantyMiles,
  warrantyYears: warranty?.warrantyYears ?? settings.warrantyYears,
})
