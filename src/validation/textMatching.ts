import type { TextFieldSingleValidation } from 'payload/shared'
import { text } from 'payload/shared'

export const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === ''

/**
 * Payload's own `text` validator (required, `minLength`, `maxLength`), then `test` on a non-empty
 * value. `message` says what is expected and never repeats the value, which may be personal data.
 */
export const textMatching =
  (test: (value: string) => boolean, message: string): TextFieldSingleValidation =>
  (value, options) => {
    const base = text(value, options)
    if (base !== true || isEmpty(value)) return base
    return (typeof value === 'string' && test(value)) || message
  }
