import { commerceEndpoint, readBody } from '../endpoint'
import { ok } from '../envelope'
import { findOne, updateOne } from './records'

/** 3. PATCH /creditreports/{id} */
export const updateCreditReport = commerceEndpoint({
  method: 'patch',
  notFound: 'Credit Report Not Found',
  path: '/creditreports/:id',
  run: async (req) => {
    const data = await readBody(req)
    await findOne(req, 'credit-report') // 404 before a validation error on a record that is not there
    return ok(await updateOne(req, 'credit-report', data))
  },
})
