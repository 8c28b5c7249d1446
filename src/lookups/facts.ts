/**
 * What the service itself knows of a VIN: the dealer's listing, the vehicle record and its
 * spec (or a spec matching the VIN's "squish" pattern), and the offline decode.
 */
import type { Payload } from 'payload'

import type { Listing, VehicleSpec } from '../../payload-types'
import { CommerceError } from '../commerce/errors'
import { type DecodedVehicle, decodeVin } from './vin/decoder'
import { validateVin } from './vin/validate'

export type VehicleFacts = {
  decoded: DecodedVehicle | null
  listing: Listing | null
  spec: null | VehicleSpec
  vehicle: null | { make: string; model: string; year: number }
  vin: string
}

/** The VIN from the path, normalised; a 400 saying what is wrong otherwise. */
export const vinParam = (raw: unknown): string => {
  // Route parameters arrive decoded; decoding again would turn `%25` into a malformed escape.
  const check = validateVin(typeof raw === 'string' ? raw : '')
  if (!check.ok) throw new CommerceError(400, `Invalid VIN: ${check.reason}`, [{ field: 'vin', message: check.reason }])
  return check.vin
}

/** Positions 1–8 and 10–11: the part of a VIN a spec pattern matches. */
const squishOf = (vin: string) => vin.slice(0, 8) + vin.slice(9, 11)

const first = async <T>(payload: Payload, collection: 'listing' | 'vehicle' | 'vehicle-spec', where: Record<string, unknown>): Promise<null | T> => {
  const { docs } = await payload.find({ collection, depth: 1, limit: 1, overrideAccess: true, pagination: false, where: where as never })
  return (docs[0] as T) ?? null
}

export const vehicleFacts = async (payload: Payload, vin: string): Promise<VehicleFacts> => {
  const [listing, vehicle, decoded] = await Promise.all([
    first<Listing>(payload, 'listing', { vin: { equals: vin } }),
    first<{ make: string; model: string; spec?: unknown; year: number }>(payload, 'vehicle', { id: { equals: vin } }),
    decodeVin(vin).catch((error) => {
      payload.logger.error({ err: error }, 'VIN decoder failed')
      return null
    }),
  ])
  const linked = vehicle?.spec && typeof vehicle.spec === 'object' ? (vehicle.spec as VehicleSpec) : null
  const spec = linked ?? (await first<VehicleSpec>(payload, 'vehicle-spec', { squishVin: { equals: squishOf(vin) } }))
  return { decoded, listing, spec, vehicle, vin }
}

/** Year, make and model from the first source that has all three; null when none has. */
export const identityOf = (facts: VehicleFacts): null | { make: string; model: string; source: string; year: number } => {
  const { decoded, listing, spec, vehicle } = facts
  const candidates = [
    { source: 'listing', value: listing },
    { source: 'vehicle', value: vehicle },
    { source: 'vehicle spec', value: spec },
  ]
  for (const { source, value } of candidates) {
    if (value?.make && value.model && value.year) return { make: value.make, model: value.model, source, year: value.year }
  }
  if (listing && decoded) return { make: listing.make || decoded.make, model: listing.model || decoded.model, source: 'decoder', year: listing.year || decoded.year }
  return decoded ? { make: decoded.make, model: decoded.model, source: 'decoder', year: decoded.year } : null
}
