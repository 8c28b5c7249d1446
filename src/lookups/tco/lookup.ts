/** Endpoint 18: the TCO answer for a VIN, from the vendor when configured, else from our model. */
import type { Payload } from 'payload'

import { CommerceError } from '@/errors'
import { isRecord } from '@/lib/isRecord'

import { describeVehicle, identityOf, type VehicleFacts, vehicleFacts } from '../facts'
import { askVendor } from '../vendor'
import { computeTco, fuelPriceOf, type TcoAssumptions } from './model'
import type { TcoQuery } from './query'
import { assumptionsFrom, defined, loadSettings, stateFigures } from './settings'
import { SOURCES } from './sources'
import { type ModelledVehicle, modelledVehicle, type VehicleDescription } from './vehicle'
import { stateOfZip } from './zip3'

type Vendored = { cached: boolean; value: Record<string, unknown> }

/** The vendor's answer as it is, saying it is the vendor's. */
const vendorAnswer = ({ cached, value }: Vendored, zip?: string) => ({
  ...value,
  assumptions: {
    ...(isRecord(value.assumptions) ? value.assumptions : {}),
    source: 'vendor',
    vendorCached: cached,
  },
  ...(zip ? { zip } : {}),
})

/**
 * What the service knows of the vehicle, for the model: its identity, and body, engine, fuel and
 * trim each from the first source that knows it, in the listing lookup's order (describeVehicle).
 */
const describedVehicle = async (
  payload: Payload,
  vin: string,
): Promise<{ description: VehicleDescription; facts: VehicleFacts; identitySource: string }> => {
  const facts = await vehicleFacts(payload, vin)
  const identity = identityOf(facts)
  if (!identity) throw new CommerceError(404, 'Vehicle Not Found')
  const { listing, spec } = facts
  const { engine, fuel, style, trim } = describeVehicle(facts).values
  return {
    description: {
      body: style ?? undefined,
      engine: engine ?? undefined,
      fuel: fuel ?? undefined,
      listing: listing ?? undefined,
      make: identity.make,
      model: identity.model,
      specMsrp: spec?.msrp,
      trim: trim ?? undefined,
      year: identity.year,
    },
    facts,
    identitySource: identity.source,
  }
}

/** Every assumption the model used, with its source, as the answer's `assumptions`. */
const modelAssumptions = (
  vehicle: ModelledVehicle,
  figures: ReturnType<typeof stateFigures>,
  assumptions: TcoAssumptions,
  extra: { asOf: Date; identitySource: string; state: null | string; vendorReason: string },
) => ({
  asOf: extra.asOf.toISOString().slice(0, 10),
  // high, medium or low: how far the price can be trusted; low for a make or segment fallback.
  confidence: vehicle.confidence,
  confidenceNote: vehicle.confidenceNote,
  economy: {
    source: vehicle.economySource,
    unit: vehicle.electric ? 'kWh per 100 miles' : 'miles per gallon',
    value: vehicle.economy,
    // A plug-in hybrid drives part of its miles on electricity, at the state's price.
    ...(vehicle.plugIn && {
      plugIn: { ...vehicle.plugIn, electricityPrice: figures.electricityPrice },
    }),
  },
  ...assumptions,
  fuelPrice: {
    ...(vehicle.electric
      ? { unit: '$ per kWh' }
      : { grade: vehicle.premiumFuel ? 'premium' : 'regular', unit: '$ per gallon' }),
    value:
      Math.round(fuelPriceOf(vehicle, figures, assumptions.premiumFuelExtra, extra.asOf) * 100) /
      100,
  },
  identitySource: extra.identitySource,
  insuranceFactor: figures.insuranceFactor,
  newPrice: vehicle.newPrice,
  odometer: vehicle.odometer,
  odometerSource: vehicle.odometerSource,
  // Performance cars' maintenance (tyres, brakes) costs half as much again.
  performance: Boolean(vehicle.performance),
  price: vehicle.price,
  // listing, spec, table, table-nearest-year, table-step or segment: where the price came from.
  priceBasis: vehicle.priceBasis,
  priceDefaulted: vehicle.priceDefaulted,
  priceSource: vehicle.priceSource,
  purchase: assumptions.downPaymentPercent >= 100 ? 'cash' : 'financed',
  residual: vehicle.residual,
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
  const { purchase, zip: _zip, ...asked } = query
  // A cash purchase is the whole price paid down: no loan, no interest.
  const overrides = { ...defined(asked), ...(purchase === 'cash' && { downPaymentPercent: 100 }) }
  // The vendor prices its own assumptions; a caller's overrides need our model.
  const vendor = Object.keys(overrides).length
    ? { ok: false as const, reason: 'not asked: the query overrides assumptions' }
    : await askVendor(payload, 'tco', vin, query.zip)
  if (vendor.ok) return vendorAnswer(vendor, query.zip)

  const { description, identitySource } = await describedVehicle(payload, vin)
  const settings = await loadSettings(payload)
  const state = query.zip ? stateOfZip(query.zip) : null
  const figures = stateFigures(settings, state)
  const milesPerYear = overrides.milesPerYear ?? settings.milesPerYear
  const vehicle = modelledVehicle(description, asOf, milesPerYear, settings)
  const assumptions: TcoAssumptions = {
    ...assumptionsFrom(settings, vehicle.used, vehicle.warranty),
    registrationFee: figures.registrationFee,
    titleFee: figures.titleFee,
    ...overrides,
  }
  const tco = computeTco(vehicle, figures, assumptions, asOf)
  return {
    assumptions: modelAssumptions(vehicle, figures, assumptions, {
      asOf,
      identitySource,
      state,
      vendorReason: vendor.reason,
    }),
    tco,
    vehicle: {
      make: description.make,
      model: description.model,
      vin,
      year: String(description.year),
    },
    ...(query.zip ? { zip: query.zip } : {}),
  }
}
