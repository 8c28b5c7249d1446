/**
 * Errors: what the service answers and logs for every refusal and failure (./answers.ts), the
 * messages (./messages.ts), how a thrown error is classified (./failures.ts), the errors code throws (./refusals.ts) and their log levels
 * (./levels.ts).
 */
export * from './answers'
export * from './failures'
export * from './levels'
export * from './messages'
export * from './refusals'
