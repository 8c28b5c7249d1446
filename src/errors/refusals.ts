import { APIError, ValidationError } from 'payload'

/** What is wrong with one part of a request, without repeating its value. */
export type Problem = { field: string; message: string }

/**
 * A refusal of what the caller sent (400, 401, 409, 412): answered with its status, message and
 * `data` like any APIError, and logged at `info` (REFUSAL_LOG_LEVELS), not as an error with a
 * stack: nothing is wrong with the service.
 */
export class ClientError extends APIError {
  constructor(
    message: string,
    status: 400 | 401 | 409 | 412,
    data: null | Record<string, unknown> = null,
  ) {
    super(message, status, data, true)
    this.name = 'ClientError'
  }
}

/** An error of the commerce API, answered as `{error: {code, message, details?}, success: false}`. */
export class CommerceError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Additive to the contract's shape: which fields were wrong, and how. */
    readonly details?: Problem[],
  ) {
    super(message)
  }
}

/** A 400 naming the field, in the shape of Payload's own validation errors. */
export const invalid = (path: string, message: string) =>
  new ValidationError({ errors: [{ message, path }] })
