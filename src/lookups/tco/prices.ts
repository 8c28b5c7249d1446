/**
 * A vehicle's price when nothing in the service knows it (no listing, no spec MSRP): its new
 * price estimated from what the decoder says (make, model, model year, trim, body, fuel), then
 * depreciated to its age and mileage by the model (./vehicle.ts). Sources in ./sources.ts
 * (`msrp`, `transactionPrices`).
 */

/** Base MSRPs in 2024 dollars, by make and model (upper case), of the common base trim. */
const BASE_MSRP: Record<string, Record<string, number>> = {
  CADILLAC: {
    ATS: 36_000,
    CT4: 36_000,
    CT5: 40_000,
    ESCALADE: 86_000,
    XT4: 37_000,
    XT5: 45_000,
    XT6: 51_000,
  },
  CHEVROLET: {
    BOLT: 27_000,
    CAMARO: 31_000,
    CORVETTE: 68_000,
    EQUINOX: 28_000,
    MALIBU: 25_000,
    SILVERADO: 37_000,
    TAHOE: 58_000,
  },
  FORD: { ESCAPE: 29_000, EXPLORER: 40_000, 'F-150': 38_000, MUSTANG: 32_000, RANGER: 33_000 },
  HONDA: { ACCORD: 28_000, CIVIC: 24_000, 'CR-V': 30_000, PILOT: 40_000 },
  HYUNDAI: {
    ELANTRA: 22_000,
    IONIQ: 28_000,
    'IONIQ ELECTRIC': 34_000,
    'SANTA FE': 33_000,
    TUCSON: 29_000,
  },
  JEEP: { 'GRAND CHEROKEE': 40_000, WAGONEER: 64_000, WRANGLER: 33_000 },
  NISSAN: { ALTIMA: 27_000, LEAF: 29_000, ROGUE: 30_000 },
  PORSCHE: { 911: 116_000, CAYENNE: 83_000, MACAN: 63_000, PANAMERA: 100_000, TAYCAN: 100_000 },
  TESLA: { 'MODEL 3': 40_000, 'MODEL S': 75_000, 'MODEL X': 80_000, 'MODEL Y': 45_000 },
  TOYOTA: {
    '4RUNNER': 41_000,
    CAMRY: 28_000,
    COROLLA: 22_500,
    HIGHLANDER: 40_000,
    PRIUS: 28_500,
    RAV4: 30_000,
    TACOMA: 33_000,
    TUNDRA: 42_000,
  },
}

/**
 * Trims that change the price a great deal, as a multiple of the base trim (the published price
 * ladders of those models: a 911 GT3 RS is about 1.9 times a 911 Carrera).
 */
const TRIM_MULTIPLIERS: [RegExp, number][] = [
  [/\bGT3 RS\b|\bGT2\b/i, 1.9],
  [/\bGT3\b|\bTURBO S\b/i, 1.6],
  [/\bTURBO\b/i, 1.45],
  [/\bAMG\b|\bSRT\b|\bRAPTOR\b|\bTRD PRO\b|\bTYPE R\b/i, 1.35],
  [/\bPLATINUM\b|\bDENALI\b|\bSERIES III\b|\bSPORT PLATINUM\b/i, 1.2],
  [/\bLIMITED\b|\bSERIES II\b|\bPREMIUM LUXURY\b|\bTOURING\b|\bXLE\b|\bLARIAT\b/i, 1.1],
  [/\bSR5\b|\bSE\b|\bEX\b|\bXLT\b|\bLT\b|\bPREMIUM\b/i, 1.05],
  // The base trims' common names; a trim named otherwise is priced at the line's average.
  [/\b(BASE|STANDARD|CE|DX|GX|L|LE|LS|LX|S|SV|XL)\b/i, 1],
]

/**
 * Average new-vehicle transaction prices by make tier and body, 2024 dollars, for a make and
 * model the table above does not know.
 */
const TIER_PRICES = {
  economy: { car: 26_000, suv: 36_000, truck: 48_000 },
  exotic: { car: 250_000, suv: 250_000, truck: 250_000 },
  performance: { car: 110_000, suv: 90_000, truck: 90_000 },
  premium: { car: 50_000, suv: 62_000, truck: 62_000 },
} as const

const TIERS: Record<string, keyof typeof TIER_PRICES> = {
  ACURA: 'premium',
  'ALFA ROMEO': 'premium',
  'ASTON MARTIN': 'exotic',
  AUDI: 'premium',
  BENTLEY: 'exotic',
  BMW: 'premium',
  CADILLAC: 'premium',
  FERRARI: 'exotic',
  GENESIS: 'premium',
  INFINITI: 'premium',
  JAGUAR: 'premium',
  LAMBORGHINI: 'exotic',
  'LAND ROVER': 'premium',
  LEXUS: 'premium',
  LINCOLN: 'premium',
  LOTUS: 'performance',
  MASERATI: 'performance',
  MCLAREN: 'exotic',
  'MERCEDES-BENZ': 'premium',
  PORSCHE: 'performance',
  RIVIAN: 'premium',
  'ROLLS-ROYCE': 'exotic',
  TESLA: 'premium',
  VOLVO: 'premium',
}

/** The year the table's prices are in. */
const PRICE_YEAR = 2024

/**
 * How an estimate is priced (the `tco-settings` global): the destination charge every new
 * vehicle pays on top of its MSRP (about 4%: $1,100–1,900 on a $30,000–50,000 vehicle), the
 * yearly growth of new-vehicle prices (about 2%: BLS CPI, new vehicles, 2000–2024), and how far
 * above its base a line sells when the trim is unknown or off the ladder below (10%: the manufacturers' 2024 trim
 * ladders put the middle trims of a Corolla, Camry or CR-V 10–20% above the base, and buyers
 * choose them more than the base).
 */
export type Pricing = {
  newPriceDestinationPercent: number
  newPriceGrowthPercent: number
  newPriceUnknownTrimPercent: number
}

export type PriceFacts = {
  body?: string
  fuel?: string
  make: string
  model: string
  trim?: string
  year: number
}

const bodyKind = (body = ''): 'car' | 'suv' | 'truck' =>
  /pickup|truck/i.test(body)
    ? 'truck'
    : /suv|sport utility|crossover|van|mpv/i.test(body)
      ? 'suv'
      : 'car'

/** The model's entry in the table: its exact name, else the longest table name it starts with. */
const tableEntry = (make: string, model: string): null | number => {
  const models = BASE_MSRP[make.toUpperCase()]
  if (!models) return null
  const name = model.toUpperCase()
  if (models[name]) return models[name]
  const prefix = Object.keys(models)
    .filter((known) => name.startsWith(`${known} `) || name.startsWith(`${known}-`))
    .sort((a, b) => b.length - a.length)[0]
  return prefix ? models[prefix] : null
}

/** The estimated new price in the model year's dollars, and how it was found. */
export const estimateNewPrice = (
  facts: PriceFacts,
  pricing: Pricing,
): { price: number; source: string } => {
  const known = tableEntry(facts.make, facts.model)
  const tier = TIERS[facts.make.toUpperCase()] ?? 'economy'
  const electrified = /electric|hybrid/i.test(facts.fuel ?? '')
  const base = known ?? TIER_PRICES[tier][bodyKind(facts.body)] * (electrified ? 1.15 : 1)
  const laddered = facts.trim
    ? TRIM_MULTIPLIERS.find(([pattern]) => pattern.test(facts.trim ?? ''))?.[1]
    : undefined
  // A line's base price is its cheapest: for a trim not on the ladder (or none), buyers pay the
  // line's average. A tier's average price is an average of its trims already.
  const trim = laddered ?? (known ? 1 + pricing.newPriceUnknownTrimPercent / 100 : 1)
  const inflation = (1 + pricing.newPriceGrowthPercent / 100) ** (facts.year - PRICE_YEAR)
  const destination = 1 + pricing.newPriceDestinationPercent / 100
  return {
    price: Math.round(base * trim * inflation * destination),
    source: known
      ? laddered !== undefined
        ? 'estimated new price: base MSRP of the make and model, trim and model year'
        : `estimated new price: base MSRP of the make and model and model year, at the line's average trim (${facts.trim ? 'trim not on the price ladder' : 'trim unknown'})`
      : `estimated new price: average ${tier} ${bodyKind(facts.body)} price, model year`,
  }
}
