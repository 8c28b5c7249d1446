/** src/lib/visibleLength.ts: what a minimum length of a reason counts. */
import { expect, it } from '@jest/globals'

import { visibleLength } from '@/lib/visibleLength'

it('counts what a reader sees: not spaces, invisible characters or marks standing alone', () => {
  expect(visibleLength('Wrong date')).toBe(9)
  expect(visibleLength('\u200b'.repeat(12))).toBe(0)
  expect(
    visibleLength('\ufe0f\u034f\u3164\uffa0\u115f\u2800\u00ad\u2060\u202e\u200f\ufeff\u0001'),
  ).toBe(0)
  expect(visibleLength('\u0301'.repeat(12))).toBe(0)
  expect(visibleLength('naïve 𝟏𝟐')).toBe(7)
})
