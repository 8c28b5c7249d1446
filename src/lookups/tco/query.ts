/** The query of endpoint 18: the customer's ZIP code and the assumptions a caller overrides. */
import { z } from 'zod'

import { queryParam } from '@/api/query'
import { CommerceError } from '@/errors'

import { fromKeys, keysOf } from '../keyed'
import { numberParam, parseLookupQuery, zipParam } from '../query'
import { queryDescription, TCO_QUERY } from './parameters'

const assumptions = fromKeys(keysOf(TCO_QUERY), (name) =>
  numberParam(TCO_QUERY[name]).meta({ description: queryDescription(name) }),
)

/** A query with several refused parameters is answered for the first: assumptions, then ZIP. */
export const tcoQuery = z.object({
  ...assumptions,
  purchase: queryParam(
    z.enum(['cash', 'financed'], { error: 'must be cash or financed' }).optional(),
  ).meta({
    description:
      'cash: no loan and no finance interest; financed (the default): a loan of downPaymentPercent, termMonths and apr.',
  }),
  zip: zipParam.meta({
    description:
      "Customer ZIP code: 12345 or 12345-6789; sets the state's taxes, fuel prices and insurance.",
  }),
})

export type TcoQuery = z.output<typeof tcoQuery>

/** The loan's terms: a cash purchase has none. */
const LOAN_TERMS = ['apr', 'downPaymentPercent', 'termMonths'] as const

export const parseTcoQuery = (query: Record<string, unknown>): TcoQuery => {
  const parsed = parseLookupQuery(tcoQuery, query)
  const loanTerm = LOAN_TERMS.find((name) => parsed[name] !== undefined)
  const message =
    parsed.purchase === 'cash' && loanTerm
      ? `a cash purchase takes no ${loanTerm}`
      : parsed.purchase === 'financed' && parsed.downPaymentPercent === 100
        ? 'a financed purchase needs a downPaymentPercent below 100'
        : undefined
  if (message)
    throw new CommerceError(400, `Invalid purchase: ${message}`, [{ field: 'purchase', message }])
  return parsed
}
