import { APIError } from 'payload'

/**
 * A refusal of what the caller sent (400, 401, 409, 412): answered with its status, message and
 * `data` like any APIError, and logged at `info` (payload.config.ts `loggingLevels`), not as an
 * error with a stack: nothing is wrong with the service.
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
