/**
 * What the TCO model needs of a vehicle, worked out from what the service knows of it (a
 * listing, a vehicle spec, the decoder): segment, powertrain, fuel economy, price and odometer,
 * each with where it came from. A pure function: the lookup (./lookup.ts) and the fidelity
 * benchmark (bench/tcoFidelity.ts) both call it.
 */
import { economyFactor, usedMarketFactor } from './eras'
import { type TcoVehicle, vehicleAge } from './model'
import {
  estimateNewPrice,
  type PriceBasis,
  type PriceConfidence,
  type Pricing,
  vehicleLineClass,
} from './prices'
import {
  isHeavyBody,
  luxuryGroupOf,
  residualOf,
  type ResidualRule,
  retentionAt,
  type Segment,
  SEGMENT_FIGURES,
  segmentOf,
  type Warranty,
  warrantyOf,
} from './segments'

export type VehicleDescription = {
  body?: string
  /** e.g. "3.5L 6-cylinder (2GR-FKS)", as the decoder gives it. */
  engine?: string
  fuel?: string
  listing?: {
    combinedMpg?: null | number
    kwhPer100Miles?: null | number
    miles?: null | number
    price?: null | number
    used?: boolean | null
  }
  make: string
  model: string
  specMsrp?: null | number
  trim?: string
  year: number
}

/** Trims whose engines are tuned for power and want premium fuel, and thirst. */
const PERFORMANCE_TRIM = /\b(GT\d|RS|AMG|SRT|TYPE R|TURBO|M\d|SVR?|V-SERIES|HELLCAT|NISMO)\b/i

/** Makes whose engines all want premium gasoline. */
const PREMIUM_MAKES =
  /^(PORSCHE|FERRARI|LAMBORGHINI|MCLAREN|ASTON MARTIN|BENTLEY|ROLLS-ROYCE|MASERATI|LOTUS|ALFA ROMEO)$/i

const displacementOf = (engine = ''): null | number => {
  const litres = /(\d+(?:\.\d+)?)\s*L\b/i.exec(engine)
  return litres ? Number(litres[1]) : null
}

/**
 * A plug-in hybrid, by its fuel or its name: the decoder calls every hybrid "Hybrid" and tells a
 * plug-in only in the model ("Prius Prime (PHEV)") or the trim ("4xe", "Energi").
 */
const isPlugIn = ({ fuel = '', model, trim = '' }: VehicleDescription) =>
  /plug[- ]?in[- ]hybrid|\bphev\b/i.test(fuel) ||
  (/hybrid/i.test(fuel) &&
    /\bphev\b|plug[- ]?in|\b4xe\b|\benergi\b|\bprime\b/i.test(`${model} ${trim}`))

/**
 * A plug-in hybrid's electric driving: half its miles on electricity (the SAE J2841 utility
 * factor of a 30–40-mile electric range, which EPA ratings use), at 30 kWh per 100 miles (SUVs
 * and pickups 40: fueleconomy.gov, e.g. a Prius Prime 26, a RAV4 Prime 38, a Pacifica Hybrid 40).
 */
const plugInOf = (description: VehicleDescription): TcoVehicle['plugIn'] =>
  isPlugIn(description)
    ? {
        electricShare: 0.5,
        kwhPer100Miles:
          description.listing?.kwhPer100Miles || (isHeavyBody(description.body) ? 40 : 30),
      }
    : undefined

/**
 * EPA combined MPG (kWh per 100 miles for an EV) when no listing gives it, and how it was
 * estimated. Gasoline engines: a power curve through the ratings of common models by
 * displacement (fueleconomy.gov: 1.8 L about 33 MPG, 3.5 L about 23, 5.7 L about 17), less for
 * older model years (./eras.ts), pickups and SUVs (weight) and performance trims. Hybrids 48 MPG
 * (SUVs and pickups 38, plug-ins on gasoline 45 and 33), EVs 29 kWh per 100 miles (38), from
 * the ratings of their common models.
 */
const estimatedEconomy = (
  segment: Segment,
  description: VehicleDescription,
  plugIn: boolean,
): { source: string; value: number } => {
  const heavy = isHeavyBody(description.body)
  if (segment === 'ev') return { source: 'segment default', value: heavy ? 38 : 29 }
  if (segment === 'hybrid') {
    const value = plugIn ? (heavy ? 33 : 45) : heavy ? 38 : SEGMENT_FIGURES.hybrid.economy
    return { source: 'segment default', value }
  }
  const litres = displacementOf(description.engine)
  if (litres === null) return { source: 'segment default', value: SEGMENT_FIGURES[segment].economy }
  let mpg = 33 * (1.8 / litres) ** 0.55 * economyFactor(description.year)
  if (heavy) mpg *= 0.9
  if (PERFORMANCE_TRIM.test(description.trim ?? '')) mpg *= 0.85
  return {
    source: 'estimated from the engine displacement, model year and body',
    value: Math.max(10, Math.round(mpg * 10) / 10),
  }
}

export type ModelledVehicle = TcoVehicle & {
  age: number
  /** How far the price can be trusted, and why (./prices.ts). */
  confidence: PriceConfidence
  confidenceNote: string
  economySource: string
  newPrice: null | number
  odometerSource: string
  /** Where the price came from: `listing`, `spec`, or an estimate's basis (./prices.ts). */
  priceBasis: 'listing' | 'spec' | PriceBasis
  priceDefaulted: boolean
  priceSource: string
  used: boolean
  /** The make's basic warranty, when it is not the model's default. */
  warranty?: Warranty
}

export const modelledVehicle = (
  description: VehicleDescription,
  asOf: Date,
  milesPerYear: number,
  settings: Pricing & { residuals: ResidualRule[] },
): ModelledVehicle => {
  const segment = segmentOf({
    body: description.body,
    fuel: description.fuel,
    make: description.make,
  })
  const electric = segment === 'ev'
  const age = vehicleAge(description.year, asOf)
  const listing = description.listing ?? {}
  const listedEconomy = electric ? listing.kwhPer100Miles : listing.combinedMpg
  const residual = residualOf(
    description.make,
    description.model,
    description.trim,
    settings.residuals,
  )
  const odometer = listing.miles ?? age * milesPerYear
  // Value kept since new, at this age and with the miles it has (more miles, less value), in the
  // used market of the day (since 2020 well above the curves' normal market).
  const kept =
    retentionAt(segment, age, residual, odometer / Math.max(age, 1)) *
    (age > 0 ? usedMarketFactor(asOf) : 1)
  const priced = ((): Pick<
    ModelledVehicle,
    | 'confidence'
    | 'confidenceNote'
    | 'newPrice'
    | 'price'
    | 'priceBasis'
    | 'priceDefaulted'
    | 'priceSource'
  > => {
    if (listing.price)
      return {
        confidence: 'high',
        confidenceNote: "the listing's price",
        newPrice: null,
        price: listing.price,
        priceBasis: 'listing',
        priceDefaulted: false,
        priceSource: 'listing',
      }
    if (description.specMsrp)
      return {
        confidence: 'high',
        confidenceNote: "the vehicle spec's MSRP",
        newPrice: description.specMsrp,
        priceBasis: 'spec',
        price: Math.round(description.specMsrp * kept),
        priceDefaulted: false,
        priceSource: age
          ? 'vehicle spec MSRP, depreciated to its age and miles'
          : 'vehicle spec MSRP',
      }
    const estimate = estimateNewPrice(
      { ...description, plugIn: plugInOf(description) !== undefined },
      settings,
    )
    return {
      confidence: estimate.confidence,
      confidenceNote: estimate.confidenceNote,
      newPrice: estimate.price,
      priceBasis: estimate.basis,
      price: Math.round(estimate.price * kept),
      priceDefaulted: true,
      priceSource: age ? `${estimate.source}, depreciated to its age and miles` : estimate.source,
    }
  })()
  const plugIn = plugInOf(description)
  const estimated = estimatedEconomy(segment, description, plugIn !== undefined)
  const performance =
    PERFORMANCE_TRIM.test(description.trim ?? '') ||
    (PREMIUM_MAKES.test(description.make) &&
      /coupe|convertible|roadster/i.test(description.body ?? ''))
  return {
    age,
    economy: listedEconomy || estimated.value,
    economySource: listedEconomy ? 'listing (EPA combined)' : estimated.source,
    electric,
    plugIn,
    modelYear: description.year,
    odometer,
    odometerSource:
      listing.miles === null || listing.miles === undefined
        ? 'estimated: vehicle age × miles per year'
        : 'listing',
    performance,
    // Only the luxury segment's figures differ by class and by make group.
    ...(segment === 'luxury' && {
      lineClass: performance
        ? 'performance'
        : vehicleLineClass({ ...description, plugIn: plugIn !== undefined }, settings),
      luxuryGroup: luxuryGroupOf(description.make),
    }),
    premiumFuel:
      PREMIUM_MAKES.test(description.make) || PERFORMANCE_TRIM.test(description.trim ?? ''),
    residual,
    segment,
    used: Boolean(listing.used) || age > 0,
    warranty: warrantyOf(description.make),
    ...priced,
  }
}
