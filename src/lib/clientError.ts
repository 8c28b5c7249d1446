import { APIError } from 'payload'

/**
 * A refusal of what the caller sent (400, 409, 412): answered with its status and message like
 * any APIError, and logged at `info` (payload.config.ts `loggingLevels`), not as an error with a
 * stack: nothing is wrong with the service.
 */
export class ClientError extends APIError {
  constructor(message: string, status: 400 | 409 | 412) {
    super(message, status, null, true)
    this.name = 'ClientError'
  }
}
