import { AsyncLocalStorage } from 'node:async_hooks'

/** The request a piece of work belongs to, so every log line it writes (Payload's too) carries its id. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>()
