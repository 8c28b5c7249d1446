/** The model's defaults merged with the staff overrides of the `tco-settings` global. */
import type { Payload } from 'payload'

import type { TcoSetting } from '../../../payload-types'
import type { TcoAssumptions } from './model'
import { SETTING_DEFAULTS } from './parameters'
import { MAINTENANCE_SCHEDULE, type ResidualRule } from './segments'
import { NATIONAL_FIGURES, STATE_FIGURES, type StateFigures } from './states'

/**
 * The adjustable assumptions' defaults, the built-in maintenance schedule, no staff residual
 * rules, and the warranty the model assumes for every vehicle.
 */
export const DEFAULTS = {
  ...SETTING_DEFAULTS,
  maintenanceSchedule: MAINTENANCE_SCHEDULE,
  residuals: [] as ResidualRule[],
  warrantyMiles: 36_000,
  warrantyYears: 3,
}

export type Settings = typeof DEFAULTS & { states: NonNullable<TcoSetting['states']> }

/** The entries of `values` that are set (neither null nor undefined). */
export const defined = <T extends object>(values: T) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<T>

export const loadSettings = async (payload: Payload): Promise<Settings> => {
  const stored = (await payload.findGlobal({
    slug: 'tco-settings',
    overrideAccess: true,
  })) as TcoSetting
  const {
    createdAt: _c,
    globalType: _g,
    id: _i,
    maintenanceSchedule,
    residuals,
    states,
    updatedAt: _u,
    ...overrides
  } = stored as TcoSetting & { globalType?: string }
  return {
    ...DEFAULTS,
    ...(defined(overrides) as Partial<typeof DEFAULTS>),
    // A schedule entered by staff replaces the built-in one whole; their residual rules come first.
    maintenanceSchedule: maintenanceSchedule?.length
      ? maintenanceSchedule.map(({ cost, everyMiles, item }) => ({
          cost,
          everyMiles,
          item: item ?? '',
        }))
      : DEFAULTS.maintenanceSchedule,
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
    ...(defined(values) as Partial<StateFigures & { registrationFee: number; titleFee: number }>),
  }
}

export const assumptionsFrom = (settings: typeof DEFAULTS, used: boolean): TcoAssumptions => ({
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
  warrantyMiles: settings.warrantyMiles,
  warrantyYears: settings.warrantyYears,
})
