import type { TextField } from 'payload'

import { textMatching } from '@/validation/textMatching'

const STATE_CODE = /^[A-Z]{2}$/

/** A two-letter US state code (`CA`), as the states' ids and the TCO state figures carry it. */
export const stateCodeField = (
  name: string,
  overrides: Pick<TextField, 'hooks' | 'required' | 'unique'> = {},
): TextField => ({
  name,
  type: 'text',
  ...overrides,
  validate: textMatching((value) => STATE_CODE.test(value), 'must be a two-letter state code'),
})
