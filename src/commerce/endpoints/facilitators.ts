import { NotFound } from 'payload'

import { commerceEndpoint } from '../endpoint'
import { ok } from '../envelope'
import { findOne } from './records'

/** 9. GET /facilitators/{id} — a company marked as facilitator. */
export const getFacilitator = commerceEndpoint({
  method: 'get',
  notFound: 'Facilitator Not Found',
  path: '/facilitators/:id',
  run: async (req) => {
    const company = await findOne(req, 'company')
    if (!(company as { isFacilitator?: boolean }).isFacilitator) throw new NotFound(req.t)
    return ok(company)
  },
})
