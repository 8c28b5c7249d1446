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
  const fuelText = (fuel ?? '').toLowerCase()
  const bodyText = (body ?? '').toLowerCase()
  if (/hybrid/.test(fuelText)) return 'hybrid'
  if (/electric/.test(fuelText)) return 'ev'
  if (LUXURY_MAKES.has(make.toUpperCase())) return 'luxury'
  if (/pickup|truck/.test(bodyText)) return 'truck'
  if (/suv|sport utility|crossover|van|mpv/.test(bodyText)) return 'suv'
  return 'car'
}

export type SegmentFigures = {
  /** New price used when neither a listing nor a vehicle spec gives one (flagged in the answer). */
  defaultPrice: number
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
    defaultPrice: 29_000,
    economy: 30,
    insuranceFactor: 1,
    maintenanceFactor: 1,
    repairFactor: 1,
    retention: [1, 0.8, 0.69, 0.6, 0.52, 0.45, 0.4, 0.35, 0.31, 0.28, 0.25],
  },
  ev: {
    defaultPrice: 50_000,
    economy: 31,
    insuranceFactor: 1.15,
    maintenanceFactor: 0.6,
    repairFactor: 0.8,
    retention: [1, 0.72, 0.6, 0.51, 0.44, 0.38, 0.33, 0.29, 0.26, 0.23, 0.21],
  },
  hybrid: {
    defaultPrice: 33_000,
    economy: 48,
    insuranceFactor: 1,
    maintenanceFactor: 0.95,
    repairFactor: 1,
    retention: [1, 0.82, 0.72, 0.63, 0.56, 0.5, 0.44, 0.39, 0.35, 0.31, 0.28],
  },
  luxury: {
    defaultPrice: 58_000,
    economy: 25,
    insuranceFactor: 1.3,
    maintenanceFactor: 1.5,
    repairFactor: 1.6,
    retention: [1, 0.76, 0.63, 0.53, 0.45, 0.38, 0.33, 0.29, 0.25, 0.22, 0.2],
  },
  suv: {
    defaultPrice: 38_000,
    economy: 25,
    insuranceFactor: 0.95,
    maintenanceFactor: 1.05,
    repairFactor: 1.05,
    retention: [1, 0.82, 0.72, 0.63, 0.56, 0.5, 0.44, 0.39, 0.35, 0.31, 0.28],
  },
  truck: {
    defaultPrice: 52_000,
    economy: 20,
    insuranceFactor: 1,
    maintenanceFactor: 1.15,
    repairFactor: 1.15,
    retention: [1, 0.84, 0.75, 0.67, 0.6, 0.54, 0.49, 0.44, 0.4, 0.36, 0.33],
  },
}

/** Value kept at `age` years; beyond the table each year keeps 88% of the year before. */
export const retentionAt = (segment: Segment, age: number): number => {
  const curve = SEGMENT_FIGURES[segment].retention
  const last = curve.length - 1
  return age <= last ? curve[age] : curve[last] * 0.88 ** (age - last)
}

/** Maintenance dollars in a year of vehicle age 0, 1, 2, …, at 15,000 miles a year; rises from age 3. */
const MAINTENANCE = [450, 600, 800, 1250, 1450, 1550, 1650, 1750, 1850, 1950]
/** Repairs outside the warranty, by vehicle age, at 15,000 miles a year. */
const REPAIRS = [250, 400, 550, 700, 900, 1050, 1200, 1350, 1450, 1550]

const byAge = (table: number[], age: number): number => table[Math.min(age, table.length - 1)]
export const maintenanceAt = (age: number): number => byAge(MAINTENANCE, age)
export const repairsAt = (age: number): number => byAge(REPAIRS, age)
