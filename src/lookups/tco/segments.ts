/** Vehicle segments of the TCO model and the curves and defaults that differ by segment. */
export const SEGMENTS = ['car', 'suv', 'truck', 'ev', 'hybrid', 'luxury'] as const
export type Segment = (typeof SEGMENTS)[number]

const LUXURY_MAKES = new Set([
  'ACURA',
  'ALFA ROMEO',
  'ASTON MARTIN',
  'AUDI',
  'BENTLEY',
  'BMW',
  'CADILLAC',
  'FERRARI',
  'GENESIS',
  'INFINITI',
  'JAGUAR',
  'LAMBORGHINI',
  'LAND ROVER',
  'LEXUS',
  'LINCOLN',
  'LOTUS',
  'MASERATI',
  'MCLAREN',
  'MERCEDES-BENZ',
  'PORSCHE',
  'ROLLS-ROYCE',
  'VOLVO',
])

const TRUCK_BODY = /pickup|truck/i
const SUV_BODY = /suv|sport utility|crossover|van|mpv/i

/** Pickups, SUVs and vans: heavier, so thirstier than a car of the same powertrain. */
export const isHeavyBody = (body = ''): boolean => TRUCK_BODY.test(body) || SUV_BODY.test(body)

/** Picks the segment from what the decoder or the listing says about fuel, make and body. */
export const segmentOf = ({
  body,
  fuel,
  make,
}: {
  body?: string
  fuel?: string
  make: string
}): Segment => {
  // "Plug-in Electric" is an EV; a plug-in hybrid says hybrid or PHEV.
  if (/hybrid|\bphev\b/i.test(fuel ?? '')) return 'hybrid'
  if (/electric/i.test(fuel ?? '')) return 'ev'
  if (LUXURY_MAKES.has(make.toUpperCase())) return 'luxury'
  if (TRUCK_BODY.test(body ?? '')) return 'truck'
  if (SUV_BODY.test(body ?? '')) return 'suv'
  return 'car'
}

/**
 * Where a luxury make's line sits in its range: `entry` (its cheapest lines, priced within reach
 * of mainstream cars), `core`, `flagship` (the top of its range, or far above mainstream
 * prices) and `performance` (a performance sub-line or trim). Worked out from the new-price
 * table (newPrices.ts `lineClassOf`); only the luxury segment reads it.
 */
export const LINE_CLASSES = ['entry', 'core', 'flagship', 'performance'] as const
export type LineClass = (typeof LINE_CLASSES)[number]

/**
 * Insurance factor of a luxury line by its class, on top of the vehicle's value factor. Measured
 * on the calibration references as the luxury reference's published premium over the model's
 * (before this factor), divided by the same publisher's mainstream reference's: the used Cadillac
 * ATS, an entry line, 1.0 against Edmunds' used Corolla (its premium is a Corolla's scaled by its
 * value alone); the Cadillac XT6, a core line, 1.11, and the 911 GT3 RS 1.18, against auto.dev's
 * Tacoma. A flagship line has no reference with categories, so it takes the core figure.
 */
export const LUXURY_INSURANCE: Record<LineClass, number> = {
  core: 1.1,
  entry: 1,
  flagship: 1.1,
  performance: 1.2,
}

/**
 * Luxury makes by where their upkeep was measured: the published repairs and maintenance of each
 * group's calibration references (test/fixtures/tco-references.json) against the mainstream
 * curve and schedule. German: Edmunds' used BMW 328i and auto.dev's 911 GT3 RS; Japanese:
 * Edmunds' Lexus IS 300; American: Edmunds' used Cadillac ATS and auto.dev's XT6. Other luxury
 * makes (British, Italian, Swedish, Korean, the exotics) have no reference of their own.
 */
export const LUXURY_GROUPS = ['american', 'german', 'japanese', 'other'] as const
export type LuxuryGroup = (typeof LUXURY_GROUPS)[number]

const GROUP_MAKES: [RegExp, LuxuryGroup][] = [
  [/^(AUDI|BMW|MERCEDES-BENZ|PORSCHE)$/, 'german'],
  [/^(ACURA|INFINITI|LEXUS)$/, 'japanese'],
  [/^(CADILLAC|LINCOLN)$/, 'american'],
]

/** The upkeep group of a luxury make; `other` for a make no group's references cover. */
export const luxuryGroupOf = (make: string): LuxuryGroup =>
  GROUP_MAKES.find(([pattern]) => pattern.test(make.toUpperCase().trim()))?.[1] ?? 'other'

/**
 * Repairs and maintenance of a luxury group over the mainstream curve and schedule: the median,
 * over the group's calibration references, of the published figure divided by the model's
 * before this factor (repairs only in the years outside the warranty; maintenance after the
 * performance factor), to one decimal. Repairs: German 4.43 (328i) and 3.48 (911), so 4.0;
 * Japanese 2.05 (IS 300), 2.1; American 3.02 (ATS) and 3.01 (XT6), 3.0. Maintenance: German
 * 1.52 and 1.66, 1.6; Japanese 1.57, 1.6; American 1.38 and 1.35, 1.4. `other` takes the median
 * over all five: 3.0 and 1.5.
 */
export const LUXURY_UPKEEP: Record<
  LuxuryGroup,
  Pick<SegmentFigures, 'maintenanceFactor' | 'repairFactor'>
> = {
  american: { maintenanceFactor: 1.4, repairFactor: 3 },
  german: { maintenanceFactor: 1.6, repairFactor: 4 },
  japanese: { maintenanceFactor: 1.6, repairFactor: 2.1 },
  other: { maintenanceFactor: 1.5, repairFactor: 3 },
}

export type SegmentFigures = {
  /** EPA combined miles per gallon (or kWh per 100 miles for EVs) when the listing gives none. */
  economy: number
  insuranceFactor: number
  maintenanceFactor: number
  repairFactor: number
  /** Value kept at ages 0–10, as a fraction of the new price. */
  retention: number[]
}

export const SEGMENT_FIGURES: Record<Segment, SegmentFigures> = {
  car: {
    economy: 30,
    insuranceFactor: 1,
    maintenanceFactor: 1,
    repairFactor: 1,
    retention: [1, 0.8, 0.69, 0.6, 0.52, 0.45, 0.4, 0.35, 0.31, 0.28, 0.25],
  },
  ev: {
    economy: 31,
    insuranceFactor: 1.15,
    maintenanceFactor: 0.6,
    repairFactor: 0.8,
    retention: [1, 0.72, 0.6, 0.51, 0.44, 0.38, 0.33, 0.29, 0.26, 0.23, 0.21],
  },
  hybrid: {
    economy: 48,
    insuranceFactor: 1,
    maintenanceFactor: 0.95,
    repairFactor: 1,
    retention: [1, 0.82, 0.72, 0.63, 0.56, 0.5, 0.44, 0.39, 0.35, 0.31, 0.28],
  },
  // Repairs and maintenance go by the make's group (LUXURY_UPKEEP); these are the pooled ones.
  luxury: {
    economy: 25,
    insuranceFactor: LUXURY_INSURANCE.core,
    ...LUXURY_UPKEEP.other,
    retention: [1, 0.76, 0.63, 0.53, 0.45, 0.38, 0.33, 0.29, 0.25, 0.22, 0.2],
  },
  suv: {
    economy: 25,
    insuranceFactor: 0.95,
    maintenanceFactor: 1.05,
    repairFactor: 1.05,
    retention: [1, 0.82, 0.72, 0.63, 0.56, 0.5, 0.44, 0.39, 0.35, 0.31, 0.28],
  },
  truck: {
    economy: 20,
    insuranceFactor: 1,
    maintenanceFactor: 1.15,
    repairFactor: 1.15,
    retention: [1, 0.84, 0.75, 0.67, 0.6, 0.54, 0.49, 0.44, 0.4, 0.36, 0.33],
  },
}

/**
 * The curve's value at a whole age; beyond the table each year keeps 92% of the year before, and
 * a running vehicle keeps at least 8% of its new price (what old cars sell for).
 */
const curveAt = (curve: number[], age: number): number => {
  const last = curve.length - 1
  return age <= last ? curve[age] : Math.max(0.08, curve[last] * 0.92 ** (age - last))
}

/**
 * Value kept at `age` years (a fraction of the new price). `residual` bends the segment's curve
 * for makes and models that hold their value better (below 1) or worse (above 1) than their
 * segment. Mileage above 15,000 miles a year takes about 4% of the value off per year of age per
 * 15,000 miles over (and less mileage adds as much): a factor apart from the curve, so that more
 * miles always mean more depreciation, the old-car floor included.
 */
export const retentionAt = (
  segment: Segment,
  age: number,
  residual = 1,
  milesPerYear = 15_000,
): number => {
  const curve = curveAt(SEGMENT_FIGURES[segment].retention, Math.max(0, Math.floor(age)))
  return curve ** residual * Math.exp(-0.04 * Math.max(0, age) * (milesPerYear / 15_000 - 1))
}

/**
 * How a make (or one of its models) holds its value against its segment's curve, as the exponent
 * `residual` of `retentionAt`: shaped on iSeeCars' 5-year depreciation studies (2023, 2024: the
 * Porsche 911, Toyota and Jeep trucks best; Maserati, BMW, Jaguar and early EVs worst) and
 * calibrated on the published cost-to-own examples of test/fixtures/tco-references.json.
 */
const RESIDUALS: [RegExp, number][] = [
  [/^PORSCHE 911\b/, 0.45],
  [/^PORSCHE\b/, 0.85],
  [/^TOYOTA (TACOMA|4RUNNER)\b|^JEEP WRANGLER\b/, 0.8],
  [/^TOYOTA (TUNDRA|COROLLA|PRIUS)\b|^HONDA CIVIC\b/, 0.9],
  [/^(MASERATI|JAGUAR|ALFA ROMEO)\b|^NISSAN LEAF\b|^BMW 7/, 1.3],
  [/^(BMW|MERCEDES-BENZ|AUDI|LINCOLN|INFINITI|LAND ROVER)\b/, 1.1],
  [/^JEEP (GRAND )?WAGONEER\b/, 1.05],
]

/** A staff rule of the `tco-settings` global: vehicles whose name starts with `match`. */
export type ResidualRule = { match: string; residual: number }

const nameOf = (...words: string[]) => words.join(' ').toUpperCase().replace(/\s+/g, ' ').trim()

/** The residual exponent of a vehicle: the first staff rule that matches, else the table's. */
export const residualOf = (
  make: string,
  model: string,
  trim = '',
  rules: ResidualRule[] = [],
): number => {
  const name = nameOf(make, model, trim)
  const staff = rules.find(({ match }) => {
    const prefix = nameOf(match)
    return name === prefix || name.startsWith(`${prefix} `)
  })
  return staff?.residual ?? RESIDUALS.find(([pattern]) => pattern.test(name))?.[1] ?? 1
}

/**
 * Scheduled maintenance between two odometer readings, in dollars (before the segment's
 * factor): routine service (oil, filters, rotations) at `perMile` (2 cents by default, the
 * `tco-settings` global's `maintenancePerMile`), and the lumps of a typical
 * manufacturer schedule and wear items at their mileages — a 30,000-mile service, tyres every
 * 45,000, brakes every 50,000, the major service at 60,000 (plugs, fluids), a battery every
 * 75,000 — so that years differ as the odometer passes them. In line with AAA Your Driving Costs
 * 2024 (about 10 cents a mile for maintenance, repair and tyres together).
 */
export type MaintenanceLump = { cost: number; everyMiles: number; item: string }

/** The built-in schedule; staff replace it in the `tco-settings` global. */
export const MAINTENANCE_SCHEDULE: MaintenanceLump[] = [
  { cost: 550, everyMiles: 30_000, item: '30,000-mile service' },
  { cost: 700, everyMiles: 45_000, item: 'tyres' },
  { cost: 600, everyMiles: 50_000, item: 'brakes' },
  { cost: 800, everyMiles: 60_000, item: 'major service (plugs, fluids)' },
  { cost: 250, everyMiles: 75_000, item: 'battery' },
]

export const maintenanceBetween = (
  from: number,
  to: number,
  perMile: number,
  schedule: MaintenanceLump[] = MAINTENANCE_SCHEDULE,
): number => {
  let dollars = Math.max(0, to - from) * perMile
  for (const { cost, everyMiles } of schedule) {
    dollars += (Math.floor(to / everyMiles) - Math.floor(from / everyMiles)) * cost
  }
  return dollars
}

/** A basic (bumper-to-bumper) new-vehicle warranty: repairs are the maker's until either ends. */
export type Warranty = { warrantyMiles: number; warrantyYears: number }

/**
 * Makes whose basic warranty is longer than the model's default of 3 years or 36,000 miles (the
 * makes' published warranty terms of the 2010s and 2020s; a make whose terms changed is taken at
 * these for every model year). Publishers price repairs from the warranty's end: auto.dev's new
 * Cadillac XT6 (test/fixtures/tco-references.json) pays $745 of repairs in year 4 and $1,136 in
 * year 5, two thirds of a year first, as 4 years or 50,000 miles at 15,000 a year gives.
 */
const WARRANTIES: [RegExp, Warranty][] = [
  [/^(HYUNDAI|KIA|GENESIS)$/, { warrantyMiles: 60_000, warrantyYears: 5 }],
  [/^INFINITI$/, { warrantyMiles: 60_000, warrantyYears: 4 }],
  [
    /^(ACURA|ALFA ROMEO|AUDI|BMW|CADILLAC|JAGUAR|LAND ROVER|LEXUS|LINCOLN|MASERATI|MERCEDES-BENZ|PORSCHE|VOLVO)$/,
    { warrantyMiles: 50_000, warrantyYears: 4 },
  ],
]

/** The make's basic warranty when it is not the model's default. */
export const warrantyOf = (make: string): undefined | Warranty =>
  WARRANTIES.find(([pattern]) => pattern.test(nameOf(make)))?.[1]

/**
 * Repairs in a year outside the warranty, in dollars (before the segment's factor): rising with
 * age and with the miles on the vehicle (AAA Your Driving Costs; repair frequency by age in
 * CarMD's and Consumer Reports' reliability surveys).
 */
export const repairsAt = (age: number, odometer: number): number =>
  100 + 0.003 * Math.min(odometer, 300_000) + 25 * Math.min(age, 20)
