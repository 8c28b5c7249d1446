/**
 * What a collection says it is, beside Payload's own flags (`trash`, `enableQueryPresets`,
 * `versions`): the service's traits, under `custom`, which plugins/commerce reads to add their
 * hooks, fields and access. docs/new-collection.md says which to declare;
 * test/unit/collectionTraits.test.ts checks them against each collection's row of
 * access/policy.ts.
 */
import type { DealerScope } from '../../access/ofDealerCompany'
import type { AppendOnly } from '../../hooks/appendOnly'
import type { WebhookEvents } from '../../src/webhooks/events'

export type CommerceTraits = {
  /** Records kept as they happened: what never changes, or only by a correction (hooks/appendOnly.ts). */
  appendOnly?: AppendOnly
  /** Holds credit data, or is a credit record: writes encrypted and audited (src/creditData). */
  creditData?: true
  /** The records a dealer's small letters in access/policy.ts reach (access/ofDealerCompany.ts). */
  dealerScope?: DealerScope
  /** POST may answer 200 with the record it merged the submission into (src/leadDesk). */
  mergesDuplicates?: true
  /** Lists show Yes/No, chips and local times, and Payload's timestamps (src/admin/values). */
  readableValues?: true
  /** The webhook events a create and an update announce (src/webhooks/events.ts). */
  webhookEvents?: WebhookEvents
}

/** Every trait's name: `custom` holds no other key (a misspelt one would be silently ignored). */
export const TRAITS = [
  'appendOnly',
  'creditData',
  'dealerScope',
  'mergesDuplicates',
  'readableValues',
  'webhookEvents',
] as const satisfies readonly (keyof CommerceTraits)[]

// A trait added to the type and not to the list fails to compile.
const _everyTrait: [Exclude<keyof CommerceTraits, (typeof TRAITS)[number]>] extends [never]
  ? true
  : never = true

declare module 'payload' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface CollectionCustom extends CommerceTraits {}
}
