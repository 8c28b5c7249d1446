import { classifyFailure } from './failures'
import { isRecord } from './isRecord'

/**
 * Refusals of a caller are logged at `info`, failures of the service at `error` with a stack.
 * Payload logs its named errors at the level this map gives (payload.config.ts `loggingLevels`;
 * the lookup is by any error's name, ClientError included).
 */
export const REFUSAL_LOG_LEVELS = {
  AuthenticationError: 'info',
  ClientError: 'info',
  Forbidden: 'info',
  LockedAuth: 'info',
  NotFound: 'info',
  QueryError: 'info',
  ValidationError: 'info',
} as const

/**
 * Payload's generic refusals of a caller (a bulk update without `where`, an unknown collection,
 * logging out with no user): a plain `APIError` with a 4xx status, which Payload logs at error
 * level because it has no error name of its own for REFUSAL_LOG_LEVELS.
 */
const isPayloadRefusal = (error: unknown): error is { status: number } =>
  isRecord(error) &&
  error.name === 'APIError' &&
  typeof error.status === 'number' &&
  error.status >= 400 &&
  error.status < 500

/**
 * The status of a refusal of the caller that Payload logs as an error (its plain 4xx `APIError`,
 * or a value the database refused, answered 400 by hooks/apiErrors.ts), for the logger to log it
 * at info instead; undefined for anything else.
 */
export const refusalStatusOf = (error: unknown): number | undefined =>
  isPayloadRefusal(error)
    ? error.status
    : classifyFailure(error)?.kind === 'input'
      ? 400
      : undefined
