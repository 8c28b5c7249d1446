import type { CollectionSlug } from 'payload'

import type { BatchedWrite } from './db/batchedWrites'

/**
 * Every key the service keeps on `req.context` (Payload's per-operation scratch space, shared by
 * the hooks of one request and by the nested Local API calls made with that `req`), typed by
 * declaration merging into `RequestContext` so hooks read them without casts. A key a module sets
 * for another is declared here and nowhere else: add a new one here, saying who sets it and who
 * reads it. No request can set any of them; only code does.
 */
declare module 'payload' {
  interface RequestContext {
    /** Set by the ADF intake on its lead creates (src/adf/ingest.ts); read by the access of the lead's `adf` fields (src/adf/fields.ts), which no other write may set. */
    adfIngest?: boolean
    /** Set by batchWrite (src/db/batchedWrites.ts) from the audit, outbox and history hooks: statements queued per change (`collection:id`); sent and cleared by sendBatchedWrites, that change's last afterChange hook. */
    batchedWrites?: Record<string, BatchedWrite[]>
    /** Set and read by the credit-data cipher (src/creditData/consumerKeys.ts), also from the keys a compiled read selected (knownDataKeys, src/reads/statement.ts): consumers' data keys this request unwrapped (null: none) or is reading, so a list reads each once. */
    consumerDataKeys?: Map<string, Buffer | null | Promise<Buffer | null>>
    /** Set and read by the credit-data cipher (src/creditData/consumerKeys.ts): the consumers whose keys the request asked for in this turn of the event loop, read in one statement at the next. */
    consumerKeyBatch?: { consumers: Set<string>; keys: Promise<Map<string, string>> }
    /** Set by checkIfMatch (hooks/checkIfMatch.ts) on its first check; read by it to check a request once. */
    ifMatchChecked?: boolean
    /** Set by mergeLeads (src/leadDesk/merge.ts) on the lead events it moves to the kept lead; read by checkLeadEvent (src/flows/leadContact.ts), which lets recorded outbound events move to a lead whose person asked not to be contacted. */
    leadMerge?: boolean
    /** Set by followLeadEvent (src/leadDesk/eventHooks.ts) while it clears a lead's previous current event; read by it there, so that clearing does not blank the lead's status it is about to set. */
    leadStatusMoving?: number
    /** Set by requireSecondFactor on a sign-in that finished an enrolment; read by revealNewRecoveryCodes (src/auth/mfa/secondFactor.ts), which shows them in its answer. */
    mfaNewRecoveryCodes?: { codes: string[]; userId: number }
    /** Set by the provider job on its own writes (src/providers/submit.ts) and by recheckHolds on a held app's release (src/providers/hooks.ts); read by markForProvider and queueForProvider (src/providers/hooks.ts), so they do not queue the app again. */
    providerJob?: boolean
    /** Set by the provider job on its read of an app to send (src/providers/submit.ts); read by revealsSsn (src/creditData/reveal.ts): SSNs decrypted, not masked, and audited. */
    revealForProvider?: boolean
    /** Set by retitleLocations (hooks/retitleLocations.ts) on its update of a company's locations; read by titleField (src/fields/titles.ts), which then works the title out again although none of its fields changed. */
    retitle?: boolean
    /** Set by shippedViewIds (src/admin/savedViews/shipped.ts) on its read of the shipped saved views; read by resolvePlaceholders (src/admin/savedViews/index.ts), which then leaves their filters as stored. */
    savedViewsAsStored?: boolean
    /** Set by encryptOnWrite (src/creditData/encryptOnWrite.ts): the sensitive fields each collection's write changed; read by the audit hook (src/creditData/audit.ts) for that write's entry. */
    sensitiveChanges?: Partial<Record<CollectionSlug, string[]>>
    /** Set and read by encryptOnWrite (src/creditData/encryptOnWrite.ts): rows as stored (ciphertexts), read once per request by `collection:id`. */
    storedRows?: Record<string, Promise<null | Record<string, unknown>>>
    /** Set by the hooks announcing a change to a webhook endpoint (src/webhooks/subscriptions.ts); read by `subscribers` there: this request's transaction changed an endpoint, so the cached subscriptions are neither used nor filled for it. */
    webhookEndpointsChanged?: boolean
    /** Set by the rotate-secret endpoint (src/webhooks/rotate.ts): the new secret (sealed) and the end of the old one's grace; read by guardEndpointFields (src/webhooks/endpointHooks.ts). */
    webhookRotation?: { previousSecretExpiresAt: string; secret: string }
    /** Set by guardEndpointFields on a create (src/webhooks/endpointHooks.ts): the new secret in clear; read by showSecretOnce, for that create's answer only. */
    webhookSecret?: string
    /** Set by the delivery worker when it disables an endpoint (src/webhooks/deliver.ts): system field values; read by guardEndpointFields (src/webhooks/endpointHooks.ts). */
    webhookSystem?: { disabledReason: string }
  }
}

export {}
