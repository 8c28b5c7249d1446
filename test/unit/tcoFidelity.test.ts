/**
 * The TCO model against the published cost-to-own examples of test/fixtures/tco-references.json
 * (`npm run bench:tco-fidelity` prints the detail): a change to the model or its tables that
 * takes it away from them fails here.
 */
import { describe, expect, it } from '@jest/globals'

import { errorsOf, median, references } from '../../bench/tcoFidelity'

describe('TCO fidelity', () => {
  const errors = errorsOf()

  it('has at least 8 references, each with its source', () => {
    expect(errors.length).toBeGreaterThanOrEqual(8)
    for (const reference of references()) expect(reference).toHaveProperty('source.url')
  })

  it('lands within 10% of the published totals in the median, and within 25% for every reference', () => {
    expect(median(errors.map(({ error }) => Math.abs(error)))).toBeLessThanOrEqual(0.1)
    for (const { error, id } of errors)
      expect({ id, within25: Math.abs(error) <= 0.25 }).toEqual({ id, within25: true })
  })
})
