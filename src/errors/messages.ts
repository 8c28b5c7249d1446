/**
 * Every message an error answer can carry, in one place: the interface's own (section 7 of the
 * contract: `Unauthorized`, `Too Many Requests`, `Missing Required Information`, the not-found
 * messages named by each endpoint) and the service's for what the interface does not name.
 */
export const messages = {
  badRequest: 'Invalid Information',
  forbidden: 'Forbidden',
  internal: 'Internal Server Error',
  malformedJson: 'Malformed JSON',
  missing: 'Missing Required Information',
  notFound: 'Not Found',
  tooManyRequests: 'Too Many Requests',
  unauthorized: 'Unauthorized',
} as const

/** Payload's own words for a caller its access refuses (403 on Payload's paths). */
export const NOT_ALLOWED = 'You are not allowed to perform this action.'

/** The message of every 503 the service answers while its database is away. */
export const SERVICE_UNAVAILABLE = 'Service Unavailable'

/** The 503's message when the file storage (an S3 bucket) cannot be reached. */
export const STORAGE_UNAVAILABLE =
  'Service Unavailable: the file storage cannot be reached. Nothing was saved; try again later.'

/** The 503's message when the database broke a tie between concurrent writes (deadlock, serialization). */
export const CONCURRENT_CONFLICT =
  'The request ran into another one writing the same records at the same time; nothing was saved. Try again.'

/** The 400's message, on Payload's paths, for a value the database refused. */
export const DATABASE_REFUSED_VALUE =
  'The request has a value the database cannot store or compare.'

/** Seconds a client should wait before retrying when the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5
