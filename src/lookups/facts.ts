/**
 * What the service itself knows of a VIN: the dealer's listing, the vehicle record and its
 * spec (or a spec matching the VIN's "squish" pattern), and the offline decode.
 */
import type { Payload, Where } from 'payload'

import { CommerceError } from '@/errors'
import { validateVin } from '@/validation/vin'

import type { Listing, Vehicle, VehicleSpec } from '../../payload-types'
import { type DecodedVehicle, decodeVin } from './vin/decoder'

export type VehicleFacts = {
  decoded: DecodedVehicle | null
  listing: Listing | null
  spec: null | VehicleSpec
  vehicle: null | Vehicle
  vin: string
}

/** The VIN from the path, normalised; a 400 saying what is wrong otherwise. */
export const vinParam = (raw: unknown): string => {
  // Route parameters arrive decoded; decoding again would turn `%25` into a malformed escape.
  const check = validateVin(typeof raw === 'string' ? raw : '')
  if (!check.ok)
    throw new CommerceError(400, `Invalid VIN: ${check.reason}`, [
      { field: 'vin', message: check.reason },
    ])
  return check.vin
}

/** Positions 1–8 and 10–11: the part of a VIN a spec pattern matches. */
const squishOf = (vin: string) => vin.slice(0, 8) + vin.slice(9, 11)

const first = async <Slug extends 'listing' | 'vehicle' | 'vehicle-spec'>(
  payload: Payload,
  collection: Slug,
  where: Where,
) => {
  const { docs } = await payload.find({
    collection,
    depth: 1,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    where,
  })
  return docs[0] ?? null
}

export const vehicleFacts = async (payload: Payload, vin: string): Promise<VehicleFacts> => {
  const [listing, vehicle, decoded] = await Promise.all([
    first(payload, 'listing', { vin: { equals: vin } }),
    first(payload, 'vehicle', { id: { equals: vin } }),
    decodeVin(vin).catch((error) => {
      payload.logger.error({ err: error }, 'VIN decoder failed')
      return null
    }),
  ])
  const linked = vehicle?.spec && typeof vehicle.spec === 'object' ? vehicle.spec : null
  const spec =
    linked ?? (await first(payload, 'vehicle-spec', { squishVin: { equals: squishOf(vin) } }))
  return { decoded, listing, spec, vehicle, vin }
}

/** Year, make and model from the first source that has all three; null when none has. */
export const identityOf = (
  facts: VehicleFacts,
): null | { make: string; model: string; source: string; year: number } => {
  const { decoded, listing, spec, vehicle } = facts
  const candidates = [
    { source: 'listing', value: listing },
    { source: 'vehicle', value: vehicle },
    { source: 'vehicle spec', value: spec },
  ]
  for (const { source, value } of candidates) {
    if (value?.make && value.model && value.year)
      return { make: value.make, model: value.model, source, year: value.year }
  }
  if (listing && decoded)
    return {
      make: listing.make || decoded.make,
      model: listing.model || decoded.model,
      source: 'decoder',
      year: listing.year || decoded.year,
    }
  return decoded
    ? { make: decoded.make, model: decoded.model, source: 'decoder', year: decoded.year }
    : null
}

/** Sources of facts, in order of precedence, as answers name them. */
export const SOURCE_ORDER = ['listing', 'vehicle', 'vehicle spec', 'decoder'] as const
type Source = (typeof SOURCE_ORDER)[number]

/** One fact as the listing, the vehicle record, its spec and the decoder know it (undefined: the source keeps no such field). */
type Candidates<T> = [
  listing: null | T | undefined,
  vehicle: null | T | undefined,
  spec: null | T | undefined,
  decoder: null | T | undefined,
]

const firstKnown = <T>(candidates: Candidates<T>): null | { source: Source; value: T } => {
  for (const [index, value] of candidates.entries())
    if (value !== undefined && value !== null && value !== '')
      return { source: SOURCE_ORDER[index], value }
  return null
}

/**
 * The vehicle's descriptive facts (2.18), each from the first source that knows it (null when
 * none does), and the sources that gave any. Staff-entered facts win over the decoder's: the
 * dealer's listing, then the vehicle record, then its spec, then vPIC. The vehicle record and
 * spec keep no fuel or series; only a listing prices options.
 */
export const describeVehicle = (facts: VehicleFacts) => {
  const { decoded: d, listing: l, spec: s, vehicle: v } = facts
  const picked = {
    baseInvoice: firstKnown<number>([l?.baseInvoice, undefined, s?.invoice, undefined]),
    doors: firstKnown<number>([l?.doors, v?.doorCount, undefined, d?.doors]),
    drivetrain: firstKnown<string>([l?.drivetrain, v?.drivetrain, s?.drivetrain, d?.drivetrain]),
    engine: firstKnown<string>([l?.engine, v?.engine, s?.engine, d?.engine]),
    fuel: firstKnown<string>([l?.fuel, undefined, undefined, d?.fuel]),
    optionsMsrp: firstKnown<number>([l?.optionsMsrp, undefined, undefined, undefined]),
    seats: firstKnown<number>([l?.seats, v?.seatCount, undefined, undefined]),
    series: firstKnown<string>([l?.series, undefined, undefined, d?.series]),
    style: firstKnown<string>([l?.style, v?.bodyStyle, s?.bodyStyle, d?.body]),
    transmission: firstKnown<string>([
      l?.transmission,
      v?.transmission,
      s?.transmission,
      d?.transmission,
    ]),
    trim: firstKnown<string>([l?.trim, v?.trim, s?.trim, d?.trim]),
  }
  // Cast below: Object.fromEntries types its keys as plain strings, losing each fact's type.
  type Values = { [K in keyof typeof picked]: NonNullable<(typeof picked)[K]>['value'] | null }
  const given = Object.values(picked).map((fact) => fact?.source)
  return {
    sources: SOURCE_ORDER.filter((source) => given.includes(source)),
    values: Object.fromEntries(
      Object.entries(picked).map(([name, fact]) => [name, fact?.value ?? null]),
    ) as Values,
  }
}
