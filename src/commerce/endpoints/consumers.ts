import { commerceEndpoint, readBody, requireFields } from '../endpoint'
import { ok } from '../envelope'
import { createOne } from './records'

/** 4. POST /consumers — 200 with the created consumer, like POST /creditapps. */
export const createConsumer = commerceEndpoint({
  method: 'post',
  path: '/consumers',
  run: async (req) => {
    const data = await readBody(req)
    requireFields(data, ['firstName', 'lastName', 'birthDate', 'phoneNumber'])
    return ok(await createOne(req, 'consumer', data))
  },
})
