import { SERVICE_UNAVAILABLE } from '../lib/failures'

/** An error of the commerce API, answered as `{error: {code, message, details?}, success: false}`. */
export class CommerceError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Additive to the contract's shape: which fields were wrong, and how. */
    readonly details?: { field: string; message: string }[],
  ) {
    super(message)
  }
}

/** The contract's messages (section 7), and ours for cases it does not name. */
export const messages = {
  badRequest: 'Invalid Information',
  forbidden: 'Forbidden',
  internal: 'Internal Server Error',
  malformedJson: 'Malformed JSON',
  missing: 'Missing Required Information',
  tooManyRequests: 'Too Many Requests',
  unavailable: SERVICE_UNAVAILABLE,
  unauthorized: 'Unauthorized',
} as const

export const errorBody = (code: number, message: string, details?: CommerceError['details']) => ({
  error: { code, message, ...(details?.length ? { details } : {}) },
  success: false as const,
})
