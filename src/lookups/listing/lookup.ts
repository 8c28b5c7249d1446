/**
 * Endpoint 19: listing details for a VIN, from the dealer's listing, the vehicle record and its
 * spec, filled in by the decoder.
 */
import type { Payload } from 'payload'

import { CommerceError } from '@/errors'

import type { Listing } from '../../../payload-types'
import {
  describeVehicle,
  identityOf,
  SOURCE_ORDER,
  type VehicleFacts,
  vehicleFacts,
} from '../facts'
import { askVendor } from '../vendor'

type Pairs = { [key: string]: unknown }[] | null | undefined

const toMap = (rows: Pairs, key: string, value: string): Record<string, string> =>
  Object.fromEntries((rows ?? []).map((row) => [String(row[key]), String(row[value])]))

const photoUrl = (photo: NonNullable<Listing['photos']>[number]): null | string =>
  photo.url || (photo.image && typeof photo.image === 'object' ? (photo.image.url ?? null) : null)

const specsOf = (rows: Listing['specs']): Record<string, Record<string, boolean | string>> => {
  const specs: Record<string, Record<string, boolean | string>> = {}
  for (const row of rows ?? []) {
    specs[row.category] ??= {}
    specs[row.category][row.feature] = row.value ? row.value : Boolean(row.available)
  }
  return specs
}

/** "listing", "listing and decoder", "vehicle, vehicle spec and decoder". */
const sentence = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')

/** The 2.18 `vehicle`, and which sources it was drawn from. */
const vehicleOf = (facts: VehicleFacts, identity: NonNullable<ReturnType<typeof identityOf>>) => {
  const listing: Partial<Listing> = facts.listing ?? {}
  const { sources, values } = describeVehicle(facts)
  // Colors and options come only from a listing.
  const drawnFrom = SOURCE_ORDER.filter(
    (source) =>
      source === identity.source ||
      sources.includes(source) ||
      (source === 'listing' && facts.listing),
  )
  const vehicle = {
    ...values,
    // Staff-entered identity is certain; otherwise vPIC's pattern-match confidence.
    confidence: identity.source === 'decoder' ? (facts.decoded?.confidence ?? 0) : 1,
    exteriorColor: toMap(listing.exteriorColors, 'name', 'hex'),
    interiorColor: toMap(listing.interiorColors, 'name', 'hex'),
    make: identity.make,
    model: identity.model,
    options: toMap(listing.options, 'code', 'description'),
    vin: facts.vin,
    year: identity.year,
  }
  return { source: sentence(drawnFrom), vehicle }
}

export const listingLookup = async (payload: Payload, vin: string) => {
  const facts = await vehicleFacts(payload, vin)
  const identity = identityOf(facts)
  const listing = facts.listing
  if (listing && identity) {
    const { source, vehicle } = vehicleOf(facts, identity)
    return {
      retailListing: {
        cpo: Boolean(listing.cpo),
        historyReportUrl: listing.historyReportUrl ?? null,
        miles: listing.miles ?? null,
        photos: (listing.photos ?? []).map(photoUrl).filter(Boolean),
        price: listing.price ?? null,
        used: Boolean(listing.used),
      },
      sources: { retailListing: 'listing', vehicle: source, vendor: 'not asked' },
      specs: specsOf(listing.specs),
      vehicle,
    }
  }
  // Not in our inventory: the vendor may know it; else our own description (vehicle record, spec, decoder).
  const vendor = await askVendor(payload, 'listing', vin)
  if (vendor.ok)
    return {
      ...vendor.value,
      sources: {
        retailListing: 'vendor',
        vehicle: 'vendor',
        vendor: vendor.cached ? 'cached' : 'asked',
      },
    }
  if (!identity) throw new CommerceError(404, 'Vehicle Not Found')
  const { source, vehicle } = vehicleOf(facts, identity)
  return {
    retailListing: null,
    sources: { retailListing: null, vehicle: source, vendor: vendor.reason },
    specs: {},
    vehicle,
  }
}
