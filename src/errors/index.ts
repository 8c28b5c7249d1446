/**
 * Errors: what the service answers and logs for every refusal and failure (./answers.ts), the
 * messages (./messages.ts) and the errors code throws (./refusals.ts). How a thrown error is
 * classified and its log level live in src/lib (failures.ts, logLevels.ts), under the logger that
 * needs them; they are re-exported here for callers of '@/errors'.
 */
export * from './answers'
export * from './messages'
export * from './refusals'
export * from '@/lib/failures'
export * from '@/lib/logLevels'
