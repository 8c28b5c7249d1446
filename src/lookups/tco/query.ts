/** The query of endpoint 18: the customer's ZIP code and the assumptions a caller overrides. */
import { z } from 'zod'

import { numberParam, parseLookupQuery, zipParam } from '../query'
import { queryDescription, TCO_QUERY, type TcoQueryName } from './parameters'

const assumptions = Object.fromEntries(
  (Object.keys(TCO_QUERY) as TcoQueryName[]).map((name) => [
    name,
    numberParam(TCO_QUERY[name]).meta({ description: queryDescription(name) }),
  ]),
) as Record<TcoQueryName, ReturnType<typeof numberParam>>

/** A query with several refused parameters is answered for the first: assumptions, then ZIP. */
export const tcoQuery = z.object({
  ...assumptions,
  zip: zipParam.meta({
    description:
      "Customer ZIP code: 12345 or 12345-6789; sets the state's taxes, fuel prices and insurance.",
  }),
})

export type TcoQuery = z.output<typeof tcoQuery>

export const parseTcoQuery = (query: Record<string, unknown>): TcoQuery =>
  parseLookupQuery(tcoQuery, query)
