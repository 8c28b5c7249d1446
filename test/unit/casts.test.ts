/**
 * Type assertions in production code stay rare: each one is a place the compiler takes the
 * code's word (scripts/count-casts.mjs counts them with TypeScript's parser): at most 3 per 1,000
 * lines, and no more `as unknown as` than the few left (a generated migration index, a middleware
 * called with stand-ins, an untrusted lead's create data).
 */
import { describe, expect, it } from '@jest/globals'

import { countCasts } from '../../scripts/count-casts.mjs'

const MAX_CASTS_PER_1000_LINES = 3.0
const MAX_UNKNOWN_AS = 3

describe('casts in production code', () => {
  const result = countCasts()

  it(`stay at most ${MAX_CASTS_PER_1000_LINES} per 1,000 lines`, () => {
    expect(result.castsPer1000Lines).toBeLessThanOrEqual(MAX_CASTS_PER_1000_LINES)
  })

  it(`include at most ${MAX_UNKNOWN_AS} \`as unknown as\``, () => {
    expect(result.unknownAs).toBeLessThanOrEqual(MAX_UNKNOWN_AS)
  })
})
