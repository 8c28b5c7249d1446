/**
 * The five-year total-cost-of-ownership model: a pure function of the vehicle, the price, the
 * state's figures and the assumptions. Every yearly figure is rounded to whole dollars first, so
 * the sums in the answer add up exactly. Documented in docs/tco-model.md.
 */
import { fromKeys } from '../keyed'
import { gasolineFactor } from './eras'
import {
  type LineClass,
  LUXURY_INSURANCE,
  LUXURY_UPKEEP,
  type LuxuryGroup,
  maintenanceBetween,
  type MaintenanceLump,
  repairsAt,
  retentionAt,
  type Segment,
  SEGMENT_FIGURES,
} from './segments'
import type { StateFigures } from './states'

export type TcoAssumptions = {
  /** Annual percentage rate of the loan. */
  apr: number
  downPaymentPercent: number
  fuelGrowthPercent: number
  /** National full-coverage premium a year, before state and vehicle factors. */
  insuranceBase: number
  insuranceGrowthPercent: number
  /** Routine maintenance, $ per mile. */
  maintenancePerMile: number
  /** The lumps of the maintenance schedule, each when the odometer passes a multiple of its miles. */
  maintenanceSchedule: MaintenanceLump[]
  milesPerYear: number
  /** Premium over regular gasoline, $ per gallon. */
  premiumFuelExtra: number
  registrationFee: number
  termMonths: number
  titleFee: number
  warrantyMiles: number
  warrantyYears: number
}

export type TcoVehicle = {
  /** Miles per gallon, or kWh per 100 miles when `electric`. */
  economy: number
  electric: boolean
  /** A luxury line's place in its make's range (./segments.ts); `core` when unknown. */
  lineClass?: LineClass
  /** A luxury make's upkeep group (./segments.ts); `other` when unknown. */
  luxuryGroup?: LuxuryGroup
  modelYear: number
  /** Odometer at purchase (counts against the warranty's mileage). */
  odometer: number
  /** A plug-in hybrid: the share of its miles on electricity, and its kWh per 100 miles there. */
  plugIn?: { electricShare: number; kwhPer100Miles: number }
  /** A sports car of a performance make, or a performance trim: dearer tyres and brakes. */
  performance?: boolean
  /** Premium gasoline (luxury and performance engines). */
  premiumFuel?: boolean
  price: number
  /** How the make or model holds its value against its segment (1: as the segment). */
  residual?: number
  segment: Segment
}

export const YEAR_KEYS = ['1', '2', '3', '4', '5'] as const
/** The cost categories of a year, in the order the answer lists them. */
export const CATEGORIES = [
  'insurance',
  'maintenance',
  'repairs',
  'taxesAndFees',
  'financeInterest',
  'depreciation',
  'fuel',
] as const
type Category = (typeof CATEGORIES)[number]
/** The figures of each year: the categories, their sum and the cost per mile. */
export const YEAR_FIELDS = [...CATEGORIES, 'tcoPrice', 'averageCostPerMile'] as const

export type TcoYear = Record<(typeof YEAR_FIELDS)[number], number>
export type TcoTotal = TcoYear & { federalTaxCredit: number }
export type TcoFigures = { total: TcoTotal; years: Record<(typeof YEAR_KEYS)[number], TcoYear> }

/** Clean-vehicle credits end for vehicles acquired after this day (Public Law 119-21). */
export const CREDIT_END = new Date('2025-09-30T23:59:59.999Z')

const clamp01 = (value: number) => Math.min(1, Math.max(0, value))

export const vehicleAge = (modelYear: number, asOf: Date): number =>
  Math.max(0, asOf.getUTCFullYear() - modelYear)

/** Interest paid in each of the first five years of an amortised loan. */
export const interestByYear = (principal: number, apr: number, termMonths: number): number[] => {
  const years = [0, 0, 0, 0, 0]
  const rate = apr / 1200
  // Below a billionth per month the payment formula loses all precision; such a loan is interest-free.
  if (principal <= 0 || rate < 1e-9 || termMonths <= 0) return years
  const payment = (principal * rate) / (1 - (1 + rate) ** -termMonths)
  let balance = principal
  for (let month = 0; month < Math.min(termMonths, 60); month++) {
    const interest = balance * rate
    years[Math.floor(month / 12)] += interest
    balance -= payment - interest
  }
  return years
}

const federalTaxCredit = (vehicle: TcoVehicle, asOf: Date): number => {
  if (!vehicle.electric || asOf > CREDIT_END) return 0
  if (vehicleAge(vehicle.modelYear, asOf) === 0) return 7500
  return vehicle.price <= 25_000 ? Math.min(4000, Math.round(vehicle.price * 0.3)) : 0
}

type YearCosts = Record<Category, number> & { tcoPrice: number }

/**
 * The price of the vehicle's energy in year 1: $ per kWh for an EV; else $ per gallon of the
 * grade its engine wants, at the gasoline prices of `asOf`'s year (./eras.ts).
 */
export const fuelPriceOf = (
  vehicle: Pick<TcoVehicle, 'electric' | 'premiumFuel'>,
  state: Pick<StateFigures, 'electricityPrice' | 'gasPrice'>,
  premiumFuelExtra: number,
  asOf: Date,
): number =>
  vehicle.electric
    ? state.electricityPrice
    : state.gasPrice * gasolineFactor(asOf) + (vehicle.premiumFuel ? premiumFuelExtra : 0)

/** Energy for a year's miles: electricity for an EV; gasoline, and a plug-in's electric miles. */
const fuelPerYear = (
  vehicle: TcoVehicle,
  state: StateFigures,
  assumptions: TcoAssumptions,
  asOf: Date,
): number => {
  const miles = assumptions.milesPerYear
  if (vehicle.electric) return ((miles * vehicle.economy) / 100) * state.electricityPrice
  const { electricShare = 0, kwhPer100Miles = 0 } = vehicle.plugIn ?? {}
  return (
    ((miles * (1 - electricShare)) / vehicle.economy) *
      fuelPriceOf(vehicle, state, assumptions.premiumFuelExtra, asOf) +
    ((miles * electricShare * kwhPer100Miles) / 100) * state.electricityPrice
  )
}

/** What every year's costs are worked out from. */
const basisOf = (
  vehicle: TcoVehicle,
  state: StateFigures,
  assumptions: TcoAssumptions,
  asOf: Date,
) => {
  const miles = assumptions.milesPerYear
  return {
    age: vehicleAge(vehicle.modelYear, asOf),
    fuelPerYear: fuelPerYear(vehicle, state, assumptions, asOf),
    // A luxury line's premium goes by its class (./segments.ts).
    insuranceFactor:
      vehicle.segment === 'luxury'
        ? LUXURY_INSURANCE[vehicle.lineClass ?? 'core']
        : SEGMENT_FIGURES[vehicle.segment].insuranceFactor,
    interest: interestByYear(
      vehicle.price * (1 - assumptions.downPaymentPercent / 100),
      assumptions.apr,
      assumptions.termMonths,
    ),
    miles,
    // Performance cars' wear items (tyres, brakes) cost half as much again, segment factors aside.
    // Their repairs do not: the German factor alone puts the 911 GT3 RS's repairs 15% over its
    // published ones, and half as much again would put them 72% over.
    performance: vehicle.performance ? 1.5 : 1,
    retention: (ageAt: number) =>
      retentionAt(vehicle.segment, ageAt, vehicle.residual ?? 1, assumptions.milesPerYear),
    tax: Math.min((vehicle.price * state.salesTaxPercent) / 100, state.salesTaxCap ?? Infinity),
    // A luxury make's repairs and maintenance go by its group (./segments.ts).
    upkeep:
      vehicle.segment === 'luxury'
        ? LUXURY_UPKEEP[vehicle.luxuryGroup ?? 'other']
        : SEGMENT_FIGURES[vehicle.segment],
    // Premiums follow the vehicle's value (collision and comprehensive cover), less than in step.
    valueFactor: Math.min(3, Math.max(0.8, (vehicle.price / 30_000) ** 0.25)),
  }
}

type Basis = ReturnType<typeof basisOf>

/** The costs of year `index` (0: the first), each rounded to whole dollars, and their sum. */
const yearCosts = (
  vehicle: TcoVehicle,
  state: StateFigures,
  assumptions: TcoAssumptions,
  {
    age,
    fuelPerYear,
    insuranceFactor,
    interest,
    miles,
    performance,
    retention,
    tax,
    upkeep,
    valueFactor,
  }: Basis,
  index: number,
): YearCosts => {
  const ageNow = age + index
  // The share of this year still under the basic warranty, by time and by miles.
  const odometer = vehicle.odometer + index * miles
  const covered = Math.min(
    clamp01(assumptions.warrantyYears - ageNow),
    clamp01((assumptions.warrantyMiles - odometer) / miles),
  )
  const categories: Record<Category, number> = {
    depreciation: (vehicle.price * (retention(ageNow) - retention(ageNow + 1))) / retention(age),
    financeInterest: interest[index],
    fuel: fuelPerYear * (1 + assumptions.fuelGrowthPercent / 100) ** index,
    insurance:
      assumptions.insuranceBase *
      state.insuranceFactor *
      insuranceFactor *
      valueFactor *
      (1 + assumptions.insuranceGrowthPercent / 100) ** index,
    maintenance:
      maintenanceBetween(
        odometer,
        odometer + miles,
        assumptions.maintenancePerMile,
        assumptions.maintenanceSchedule,
      ) *
      upkeep.maintenanceFactor *
      performance,
    repairs: (1 - covered) * repairsAt(ageNow, odometer + miles / 2) * upkeep.repairFactor,
    taxesAndFees:
      index === 0
        ? tax + assumptions.titleFee + assumptions.registrationFee
        : assumptions.registrationFee,
  }
  const rounded = fromKeys(CATEGORIES, (name) => Math.max(0, Math.round(categories[name])))
  return { ...rounded, tcoPrice: CATEGORIES.reduce((sum, name) => sum + rounded[name], 0) }
}

/** The five years summed, less the tax credit, and the cost per mile over them. */
const totalOf = (yearFigures: YearCosts[], credit: number, miles: number): TcoTotal => {
  const sum = (name: Category | 'tcoPrice') =>
    yearFigures.reduce((total, year) => total + year[name], 0)
  const tcoPrice = Math.max(0, sum('tcoPrice') - credit)
  return {
    ...fromKeys(CATEGORIES, sum),
    averageCostPerMile: Math.round((tcoPrice / (miles * YEAR_KEYS.length)) * 100) / 100,
    federalTaxCredit: credit,
    tcoPrice,
  }
}

export const computeTco = (
  vehicle: TcoVehicle,
  state: StateFigures,
  assumptions: TcoAssumptions,
  asOf: Date,
): TcoFigures => {
  const basis = basisOf(vehicle, state, assumptions, asOf)
  const yearFigures = YEAR_KEYS.map((_, index) =>
    yearCosts(vehicle, state, assumptions, basis, index),
  )
  const total = totalOf(yearFigures, federalTaxCredit(vehicle, asOf), basis.miles)
  const years = fromKeys(YEAR_KEYS, (_, index) => ({
    ...yearFigures[index],
    averageCostPerMile: total.averageCostPerMile,
  }))
  return { total, years }
}
