import { commerceEndpoint, readBody } from '../endpoint'
import { ok } from '../envelope'
import { findOne, updateOne } from './records'

/** 5. PATCH /contacts/{id} */
export const updateContact = commerceEndpoint({
  method: 'patch',
  notFound: 'Contact Not Found',
  path: '/contacts/:id',
  run: async (req) => {
    const data = await readBody(req)
    await findOne(req, 'contact')
    return ok(await updateOne(req, 'contact', data))
  },
})
