import type { Deal } from '../../../payload-types'
import { commerceEndpoint } from '../endpoint'
import { ok } from '../envelope'
import { findOne } from './records'

/**
 * The contract shows the facilitator with the one location that handles the deal; the record
 * keeps that location as `facilitatorLocation`, shown inside `facilitator` when it is expanded.
 */
const withFacilitatorLocation = (deal: Deal) =>
  deal.facilitator && typeof deal.facilitator === 'object'
    ? { ...deal, facilitator: { ...deal.facilitator, location: deal.facilitatorLocation ?? null } }
    : deal

/** 8. GET /deals/{id} */
export const getDeal = commerceEndpoint({
  method: 'get',
  notFound: 'Deal Not Found',
  path: '/deals/:id',
  run: async (req) => ok(withFacilitatorLocation((await findOne(req, 'deal')) as Deal)),
})
