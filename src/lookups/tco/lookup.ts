/** Endpoint 18: the TCO answer for a VIN, from the vendor when configured, else from our model. */
import type { Payload } from 'payload'

import { CommerceError } from '../../api/errors'
import { identityOf, type VehicleFacts, vehicleFacts } from '../facts'
import { askVendor } from '../vendor'
import { computeTco, vehicleAge } from './model'
import type { TcoQuery } from './query'
import { retentionAt, SEGMENT_FIGURES, segmentOf } from './segments'
import { assumptionsFrom, defined, loadSettings, stateFigures } from './settings'
import { SOURCES } from './sources'
import { stateOfZip } from './zip3'

/** The price and where it came from: listing, then vehicle spec MSRP, then a flagged segment default. */
const priceOf = (facts: VehicleFacts, segment: ReturnType<typeof segmentOf>, age: number) => {
  if (facts.listing?.price) return { price: facts.listing.price, priceSource: 'listing' }
  if (facts.spec?.msrp)
    return {
      price: Math.round(facts.spec.msrp * retentionAt(segment, age)),
      priceSource: age ? 'vehicle spec MSRP, depreciated to its age' : 'vehicle spec MSRP',
    }
  return {
    price: Math.round(SEGMENT_FIGURES[segment].defaultPrice * retentionAt(segment, age)),
    priceDefaulted: true,
    priceSource: 'segment default',
  }
}

type Vendored = { cached: boolean; value: Record<string, unknown> }

/** The vendor's answer as it is, saying it is the vendor's. */
const vendorAnswer = ({ cached, value }: Vendored, zip?: string) => ({
  ...value,
  assumptions: { ...(value.assumptions as object), source: 'vendor', vendorCached: cached },
  ...(zip ? { zip } : {}),
})

/** What the model needs of the vehicle: identity, segment, age, economy and price, with sources. */
const modelVehicle = async (payload: Payload, vin: string, asOf: Date) => {
  const facts = await vehicleFacts(payload, vin)
  const identity = identityOf(facts)
  if (!identity) throw new CommerceError(404, 'Vehicle Not Found')
  const segment = segmentOf({
    body: facts.listing?.style || facts.decoded?.body || facts.spec?.bodyStyle,
    fuel: facts.listing?.fuel || facts.decoded?.fuel,
    make: identity.make,
  })
  const electric = segment === 'ev'
  const age = vehicleAge(identity.year, asOf)
  const listedEconomy = electric ? facts.listing?.kwhPer100Miles : facts.listing?.combinedMpg
  return {
    age,
    economy: listedEconomy || SEGMENT_FIGURES[segment].economy,
    electric,
    facts,
    identity,
    listedEconomy,
    segment,
    ...priceOf(facts, segment, age),
  }
}

type ModelVehicle = Awaited<ReturnType<typeof modelVehicle>>

/** Every assumption the model used, with its source, as the answer's `assumptions`. */
const modelAssumptions = (
  vehicle: ModelVehicle,
  figures: ReturnType<typeof stateFigures>,
  assumptions: object,
  extra: { asOf: Date; odometer: number; state: null | string; vendorReason: string },
) => ({
  asOf: extra.asOf.toISOString().slice(0, 10),
  economy: {
    source: vehicle.listedEconomy ? 'listing (EPA combined)' : 'segment default',
    unit: vehicle.electric ? 'kWh per 100 miles' : 'miles per gallon',
    value: vehicle.economy,
  },
  ...assumptions,
  fuelPrice: vehicle.electric
    ? { unit: '$ per kWh', value: figures.electricityPrice }
    : { unit: '$ per gallon', value: figures.gasPrice },
  identitySource: vehicle.identity.source,
  insuranceFactor: figures.insuranceFactor,
  odometer: extra.odometer,
  price: vehicle.price,
  priceDefaulted: vehicle.priceDefaulted ?? false,
  priceSource: vehicle.priceSource,
  salesTaxCap: figures.salesTaxCap ?? null,
  salesTaxPercent: figures.salesTaxPercent,
  segment: vehicle.segment,
  source: 'model',
  sources: SOURCES,
  state: extra.state,
  vehicleAge: vehicle.age,
  vendor: extra.vendorReason,
  years: 5,
})

export const tcoLookup = async (
  payload: Payload,
  vin: string,
  query: TcoQuery,
  asOf = new Date(),
) => {
  const { zip: _zip, ...asked } = query
  const overrides = defined(asked)
  // The vendor prices its own assumptions; a caller's overrides need our model.
  const vendor = Object.keys(overrides).length
    ? { ok: false as const, reason: 'not asked: the query overrides assumptions' }
    : await askVendor(payload, 'tco', vin, query.zip)
  if (vendor.ok) return vendorAnswer(vendor, query.zip)

  const vehicle = await modelVehicle(payload, vin, asOf)
  const settings = await loadSettings(payload)
  const state = query.zip ? stateOfZip(query.zip) : null
  const figures = stateFigures(settings, state)
  const assumptions = {
    ...assumptionsFrom(settings, Boolean(vehicle.facts.listing?.used) || vehicle.age > 0),
    registrationFee: figures.registrationFee,
    titleFee: figures.titleFee,
    ...overrides,
  }
  const odometer = vehicle.facts.listing?.miles ?? vehicle.age * assumptions.milesPerYear
  const { economy, electric, identity, price, segment } = vehicle
  const tco = computeTco(
    { economy, electric, modelYear: identity.year, odometer, price, segment },
    figures,
    assumptions,
    asOf,
  )
  return {
    assumptions: modelAssumptions(vehicle, figures, assumptions, {
      asOf,
      odometer,
      state,
      vendorReason: vendor.reason,
    }),
    tco,
    vehicle: { make: identity.make, model: identity.model, vin, year: String(identity.year) },
    ...(query.zip ? { zip: query.zip } : {}),
  }
}
