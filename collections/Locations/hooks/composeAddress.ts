import type { CollectionBeforeChangeHook } from 'payload'

import type { Location } from '../../../payload-types'

/** `line1, line2, City, ST 12345`: the flat address is always derived, never typed in. */
export const composeAddress: CollectionBeforeChangeHook<Location> = async ({
  data,
  originalDoc,
  req,
}) => {
  const merged = { ...originalDoc, ...data }
  const cityId = typeof merged.city === 'object' && merged.city ? merged.city.id : merged.city
  const city = cityId
    ? await req.payload.findByID({
        collection: 'city',
        depth: 0,
        disableErrors: true,
        id: cityId,
        req,
      })
    : null
  // At depth 0 the city's state is its code.
  const state = typeof city?.state === 'object' ? city.state.id : city?.state
  const place = city ? `${city.name}, ${state} ${merged.zip ?? ''}`.trim() : merged.zip
  return { ...data, address: [merged.line1, merged.line2, place].filter(Boolean).join(', ') }
}
