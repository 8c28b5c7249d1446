/**
 * The TCO model against published cost-to-own examples (`npm run bench:tco-fidelity` prints the
 * detail): the calibration set (test/fixtures/tco-references.json), and a held-out set the
 * model's tables were not shaped on (tco-references-heldout.json). A change to the model or its
 * tables that takes it away from them fails here; the bounds are those of docs/tco-model.md.
 */
import { describe, expect, it } from '@jest/globals'

import { errorsOf, fromTable, median, references } from '../../bench/tcoFidelity'

const absolute = (errors: { error: number }[]) => errors.map(({ error }) => Math.abs(error))

describe('TCO fidelity', () => {
  const calibration = errorsOf(references('calibration'))
  const heldOut = errorsOf(references('heldOut'))

  it('has at least 8 calibration and 11 held-out references, each with its source', () => {
    expect(calibration.length).toBeGreaterThanOrEqual(8)
    expect(heldOut.length).toBeGreaterThanOrEqual(11)
    for (const reference of [...references('calibration'), ...references('heldOut')])
      expect(reference).toHaveProperty('source.url')
  })

  it('lands within 6% of the calibration totals in the median, and within 21% for every reference', () => {
    expect(median(absolute(calibration))).toBeLessThanOrEqual(0.06)
    for (const { error, id } of calibration)
      expect({ id, within21: Math.abs(error) <= 0.21 }).toEqual({ id, within21: true })
  })

  it('prices every held-out vehicle whose price the source does not state from the new-price table, within 17% of its published total and 9% in the median', () => {
    expect(median(absolute(heldOut))).toBeLessThanOrEqual(0.09)
    for (const { error, id, priceBasis } of heldOut)
      expect({
        fromTable: priceBasis === 'listing' || fromTable(priceBasis),
        id,
        within17: Math.abs(error) <= 0.17,
      }).toEqual({ fromTable: true, id, within17: true })
  })
})
