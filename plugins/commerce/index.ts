/**
 * The service's collections assembled from what each declares: Payload's own flags (`trash`,
 * `enableQueryPresets`, `versions`) and the service's traits under `custom` (./traits.ts). Every
 * hook, field and access a collection gets beyond its own file is added here, in this order:
 *
 * 1. `custom.creditData`: encryption and audit (src/creditData);
 * 2. `versions`: the history (src/fields/history.ts);
 * 3. `custom.readableValues`: list cells and Payload's timestamps (src/fields/readableValues.ts);
 * 4. every collection: dealers' access from the policy's dealer column and `custom.dealerScope`,
 *    with the fields that say whose a record is (./dealerAccess.ts);
 * 5. `custom.appendOnly`: records kept as they happened (hooks/appendOnly.ts);
 * 6. `trash`: deletes move records to the trash (src/trash);
 * 7. every collection: the shared hooks (below);
 * 8. every collection: each field without a label of its own labelled as people write it
 *    (src/fields/labels.ts: "MSRP", "VIN", "Line 1", "Co-applicant").
 *
 * The order is the order each stage's hooks run in (README, "Hooks on each collection";
 * test/unit/collectionHooks.test.ts checks the built config against it). Payload's own
 * collections (jobs, preferences, saved views…) are added after plugins run: none of this
 * applies to them. Adding a collection: docs/new-collection.md.
 */
import type { CollectionConfig, Plugin } from 'payload'

import { accessFirst } from '../../hooks/accessFirst'
import { withAppendOnly } from '../../hooks/appendOnly'
import { checkIfMatch } from '../../hooks/checkIfMatch'
import { noChosenIds } from '../../hooks/noChosenIds'
import { reduceFilters } from '../../hooks/reduceFilters'
import { relationsExist } from '../../hooks/relationsExist'
import { globalServerTimestamps, serverTimestamps } from '../../hooks/serverTimestamps'
import { stillReferenced, trashOnlyUnreferenced } from '../../hooks/stillReferenced'
import { validFilters } from '../../hooks/validFilters'
import { noNullGroups, valueTypes } from '../../hooks/valueTypes'
import { noSensitiveQueries, withCreditData } from '../../src/creditData'
import { sendBatchedWrites } from '../../src/db/batchedWrites'
import { withHistory } from '../../src/fields/history'
import { withFieldLabels } from '../../src/fields/labels'
import { withReadableValues } from '../../src/fields/readableValues'
import { markIdempotentCreate } from '../../src/idempotency'
import { limitTrashToStaff, withTrash } from '../../src/trash'
import { recordWebhookEvents } from '../../src/webhooks/outbox'
import { withDealerAccess } from './dealerAccess'
import type { CommerceTraits } from './traits'

export type { CommerceTraits }

/**
 * Every collection ignores timestamps sent by callers, checks the JSON type of each value and
 * that the records its relations name exist: 400s naming the field, instead of a silently
 * stringified value or a foreign-key 500. A record another one requires is not deleted, nor
 * moved to the trash (409).
 * No query may filter or sort on an SSN or birth date, whatever the collection it starts from.
 * A create made under an Idempotency-Key marks the key in its own transaction; an update sent
 * with If-Match is refused (412) when the record has changed; a change that announces a webhook
 * event writes its deliveries in its own transaction; the rows hooks add beside a change (audit,
 * deliveries, history's trim) go to the database as one statement, sent last.
 */
const withSharedHooks = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  hooks: {
    ...collection.hooks,
    afterChange: [
      ...(collection.hooks?.afterChange ?? []),
      recordWebhookEvents,
      markIdempotentCreate,
      sendBatchedWrites,
    ],
    beforeOperation: [
      accessFirst,
      noSensitiveQueries,
      validFilters,
      reduceFilters,
      limitTrashToStaff,
      noNullGroups,
      noChosenIds,
      checkIfMatch,
      ...(collection.hooks?.beforeOperation ?? []),
    ],
    beforeChange: [...(collection.hooks?.beforeChange ?? []), trashOnlyUnreferenced],
    // A collection's own refusal first: it says more than the generic one (disclosures).
    beforeDelete: [...(collection.hooks?.beforeDelete ?? []), stillReferenced],
    beforeValidate: [
      serverTimestamps,
      valueTypes,
      ...(collection.hooks?.beforeValidate ?? []),
      relationsExist,
    ],
  },
})

/** Each step adds what one declaration asks for (or, for every collection, what all get). */
const STEPS: ((collection: CollectionConfig) => CollectionConfig)[] = [
  withCreditData,
  withHistory,
  (collection) => (collection.custom?.readableValues ? withReadableValues(collection) : collection),
  withDealerAccess,
  withAppendOnly,
  withTrash,
  withSharedHooks,
  withFieldLabels,
]

export const assembleCollection = (collection: CollectionConfig): CollectionConfig =>
  STEPS.reduce((assembled, step) => step(assembled), collection)

/**
 * The plugin: listed first in payload.config.ts's `plugins`, so that the storage plugin's hooks
 * and fields come after these, as they always have.
 */
export const commerceCollections = (): Plugin => (config) => ({
  ...config,
  collections: (config.collections ?? []).map(assembleCollection),
  globals: (config.globals ?? []).map((global) => ({
    ...global,
    hooks: {
      ...global.hooks,
      beforeValidate: [globalServerTimestamps, ...(global.hooks?.beforeValidate ?? [])],
    },
  })),
})
