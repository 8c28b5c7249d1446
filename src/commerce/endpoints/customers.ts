import { commerceEndpoint } from '../endpoint'
import { ok } from '../envelope'
import { findOne } from './records'

/** 10. GET /customers/{id} */
export const getCustomer = commerceEndpoint({
  method: 'get',
  notFound: 'Customer Not Found',
  path: '/customers/:id',
  run: async (req) => ok(await findOne(req, 'customer')),
})
