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
  if (vendor.ok) {
    const assumptions = {
      ...(vendor.value.assumptions as object),
      source: 'vendor',
      vendorCached: vendor.cached,
    }
    return { ...vendor.value, assumptions, ...(query.zip ? { zip: query.zip } : {}) }
  }

  const facts = await vehicleFacts(payload, vin)
  const identity = identityOf(facts)
  if (!identity) throw new CommerceError(404, 'Vehicle Not Found')
  const decoded = facts.decoded
  const segment = segmentOf({
    body: facts.listing?.style || decoded?.body || facts.spec?.bodyStyle,
    fuel: facts.listing?.fuel || decoded?.fuel,
    make: identity.make,
  })
  const electric = segment === 'ev'
  const age = vehicleAge(identity.year, asOf)
  const settings = await loadSettings(payload)
  const state = query.zip ? stateOfZip(query.zip) : null
  const figures = stateFigures(settings, state)
  const assumptions = {
    ...assumptionsFrom(settings, Boolean(facts.listing?.used) || age > 0),
    registrationFee: figures.registrationFee,
    titleFee: figures.titleFee,
    ...overrides,
  }
  const listedEconomy = electric ? facts.listing?.kwhPer100Miles : facts.listing?.combinedMpg
  const economy = listedEconomy || SEGMENT_FIGURES[segment].economy
  const { price, priceDefaulted = false, priceSource } = priceOf(facts, segment, age)
  const odometer = facts.listing?.miles ?? age * assumptions.milesPerYear
  const tco = computeTco(
    { economy, electric, modelYear: identity.year, odometer, price, segment },
    figures,
    assumptions,
    asOf,
  )

  return {
    assumptions: {
      asOf: asOf.toISOString().slice(0, 10),
      economy: {
        source: listedEconomy ? 'listing (EPA combined)' : 'segment default',
        unit: electric ? 'kWh per 100 miles' : 'miles per gallon',
        value: economy,
      },
      ...assumptions,
      fuelPrice: electric
        ? { unit: '$ per kWh', value: figures.electricityPrice }
        : { unit: '$ per gallon', value: figures.gasPrice },
      identitySource: identity.source,
      insuranceFactor: figures.insuranceFactor,
      odometer,
      price,
      priceDefaulted,
      priceSource,
      salesTaxCap: figures.salesTaxCap ?? null,
      salesTaxPercent: figures.salesTaxPercent,
      segment,
      source: 'model',
      sources: SOURCES,
      state,
      vehicleAge: age,
      vendor: vendor.reason,
      years: 5,
    },
    tco,
    vehicle: { make: identity.make, model: identity.model, vin, year: String(identity.year) },
    ...(query.zip ? { zip: query.zip } : {}),
  }
}
