import type { CollectionSlug } from 'payload'

/** What credit-data hooks keep on `req.context` during one request (typed for them to read without casts). */
declare module 'payload' {
  interface RequestContext {
    /** Set by the provider job when it reads an app to send: its SSNs are decrypted, not masked. */
    revealForProvider?: boolean
    /** The sensitive fields each collection's write changed, for that write's audit entry. */
    sensitiveChanges?: Partial<Record<CollectionSlug, string[]>>
    /** Rows as stored (ciphertexts), read once per request by `collection:id`. */
    storedRows?: Record<string, Promise<null | Record<string, unknown>>>
  }
}
