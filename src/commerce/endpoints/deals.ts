import type { PayloadRequest } from 'payload'

import { isRecord } from '@/lib/isRecord'

type Doc = Record<string, unknown>

const isDoc: (value: unknown) => value is Doc = isRecord

/** An embedded location whose embedded city still names its state by code only. */
const cityStateCode = (location: unknown): string | undefined => {
  const city = isDoc(location) ? location.city : undefined
  return isDoc(city) && typeof city.state === 'string' ? city.state : undefined
}

/**
 * 2.12 shows a deal location's city with `state.code`. At the default depth (2) the city is
 * embedded but its state, one level further, is only its code; a state is a small record whose id
 * is that code, so it is embedded with its city at any depth that embeds the city. Read as the
 * caller: a state the caller may not read stays a code.
 */
const withCityStates = async (deal: Doc, req: PayloadRequest): Promise<Doc> => {
  const dealer = isDoc(deal.dealer) ? deal.dealer : {}
  const codes = [
    ...new Set(
      [cityStateCode(dealer.location), cityStateCode(deal.facilitatorLocation)].filter(
        (code) => code !== undefined,
      ),
    ),
  ]
  if (!codes.length) return deal
  const { docs } = await req.payload.find({
    collection: 'state',
    depth: 0,
    limit: codes.length,
    overrideAccess: false,
    pagination: false,
    req,
    where: { id: { in: codes } },
  })
  const states = new Map(docs.map((state) => [state.id, state]))
  const embed = (location: unknown) => {
    const code = cityStateCode(location)
    // A code means an embedded location with an embedded city; the checks let them be spread.
    if (code === undefined || !states.has(code) || !isDoc(location) || !isDoc(location.city))
      return location
    return { ...location, city: { ...location.city, state: states.get(code) } }
  }
  return {
    ...deal,
    dealer: { ...dealer, location: embed(dealer.location) },
    facilitatorLocation: embed(deal.facilitatorLocation),
  }
}

/**
 * The contract shows a deal's facilitator with the one location that handles the deal; the
 * record keeps that location as `facilitatorLocation`, shown inside `facilitator` when expanded.
 */
const withFacilitatorLocation = (deal: Doc): Doc =>
  isDoc(deal.facilitator)
    ? { ...deal, facilitator: { ...deal.facilitator, location: deal.facilitatorLocation ?? null } }
    : deal

/** Endpoint 8's answer: the deal as 2.12 shows it. */
export const dealAnswer = async (deal: Doc, req: PayloadRequest): Promise<Doc> =>
  withFacilitatorLocation(await withCityStates(deal, req))
