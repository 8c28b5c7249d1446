/** Endpoint 19: listing details for a VIN, from the dealer's listing filled in by the decoder. */
import type { Payload } from 'payload'

import type { Listing, Media } from '../../../payload-types'
import { CommerceError } from '../../commerce/errors'
import { identityOf, vehicleFacts, type VehicleFacts } from '../facts'
import { askVendor } from '../vendor'

type Pairs = { [key: string]: unknown }[] | null | undefined

const toMap = (rows: Pairs, key: string, value: string): Record<string, string> =>
  Object.fromEntries((rows ?? []).map((row) => [String(row[key]), String(row[value])]))

const photoUrl = (photo: NonNullable<Listing['photos']>[number]): null | string =>
  photo.url || (photo.image && typeof photo.image === 'object' ? ((photo.image as Media).url ?? null) : null)

const specsOf = (rows: Listing['specs']): Record<string, Record<string, boolean | string>> => {
  const specs: Record<string, Record<string, boolean | string>> = {}
  for (const row of rows ?? []) {
    specs[row.category] ??= {}
    specs[row.category][row.feature] = row.value ? row.value : Boolean(row.available)
  }
  return specs
}

const vehicleOf = (facts: VehicleFacts, identity: NonNullable<ReturnType<typeof identityOf>>) => {
  const listing: Partial<Listing> = facts.listing ?? {}
  const decoded = facts.decoded
  const pick = <T>(...values: (null | T | undefined)[]): null | T => values.find((value) => value !== undefined && value !== null && value !== '') ?? null
  const fromStaff = identity.source !== 'decoder'
  return {
    baseInvoice: pick(listing.baseInvoice, facts.spec?.invoice),
    // Staff-entered identity is certain; otherwise vPIC's pattern-match confidence.
    confidence: fromStaff ? 1 : (decoded?.confidence ?? 0),
    doors: pick(listing.doors, decoded?.doors),
    drivetrain: pick(listing.drivetrain, facts.spec?.drivetrain, decoded?.drivetrain),
    engine: pick(listing.engine, facts.spec?.engine, decoded?.engine),
    exteriorColor: toMap(listing.exteriorColors, 'name', 'hex'),
    fuel: pick(listing.fuel, decoded?.fuel),
    interiorColor: toMap(listing.interiorColors, 'name', 'hex'),
    make: identity.make,
    model: identity.model,
    options: toMap(listing.options, 'code', 'description'),
    optionsMsrp: pick(listing.optionsMsrp),
    seats: pick(listing.seats),
    series: pick(listing.series, decoded?.series),
    style: pick(listing.style, facts.spec?.bodyStyle, decoded?.body),
    transmission: pick(listing.transmission, facts.spec?.transmission, decoded?.transmission),
    trim: pick(listing.trim, facts.spec?.trim, decoded?.trim),
    vin: facts.vin,
    year: identity.year,
  }
}

export const listingLookup = async (payload: Payload, vin: string) => {
  const facts = await vehicleFacts(payload, vin)
  const identity = identityOf(facts)
  const listing = facts.listing
  if (listing && identity) {
    return {
      retailListing: {
        cpo: Boolean(listing.cpo),
        historyReportUrl: listing.historyReportUrl ?? null,
        miles: listing.miles ?? null,
        photos: (listing.photos ?? []).map(photoUrl).filter(Boolean),
        price: listing.price ?? null,
        used: Boolean(listing.used),
      },
      sources: { retailListing: 'listing', vehicle: identity.source === 'decoder' ? 'listing and decoder' : 'listing', vendor: 'not asked' },
      specs: specsOf(listing.specs),
      vehicle: vehicleOf(facts, identity),
    }
  }
  // Not in our inventory: the vendor may know it; else the decoder's description alone.
  const vendor = await askVendor(payload, 'listing', vin)
  if (vendor.ok) return { ...vendor.value, sources: { retailListing: 'vendor', vehicle: 'vendor', vendor: vendor.cached ? 'cached' : 'asked' } }
  if (!identity) throw new CommerceError(404, 'Vehicle Not Found')
  return {
    retailListing: null,
    sources: { retailListing: null, vehicle: identity.source, vendor: vendor.reason },
    specs: {},
    vehicle: vehicleOf(facts, identity),
  }
}
