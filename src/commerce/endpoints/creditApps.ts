import { commerceEndpoint, readBody, requireFields } from '../endpoint'
import { ok } from '../envelope'
import { createOne, findOne } from './records'

/** 1. POST /creditapps — 200 with the created credit app. */
export const createCreditApp = commerceEndpoint({
  method: 'post',
  path: '/creditapps',
  run: async (req) => {
    const data = await readBody(req)
    requireFields(data, ['preApproval', 'consumer', 'vehicle'])
    return ok(await createOne(req, 'credit-app', data))
  },
})

/** 2. GET /creditapps/{id} */
export const getCreditApp = commerceEndpoint({
  method: 'get',
  notFound: 'Credit App Not Found',
  path: '/creditapps/:id',
  run: async (req) => ok(await findOne(req, 'credit-app')),
})
