/** The routes that change a collection's records: create, duplicate, update and delete, one or many. */
import { param } from '../parameters'
import { json, payloadDoc, ref, withETag } from '../responses'
import { mergedIntoExisting } from './leadDeskRoutes'
import {
  anonymousMay,
  bulkAnswer,
  camel,
  changesBody,
  Context,
  errorsOf,
  idParamOf,
  op,
  PathItems,
  PUBLIC,
  uploadBody,
} from './shared'
import { deleteText, trashParams } from './trash'

export const writeRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'delete /': ({ collection, slug, tag }) => ({
    [`/${slug}`]: {
      delete: op(
        {
          operationId: `${camel(slug)}_deleteMany`,
          summary: 'Delete the records a filter finds',
          tag,
        },
        `Deletes every record \`where\` finds that the caller may delete (bulk delete; \`where\` is required: without it, or with one that constrains nothing, the answer is 400). A record another record still names is kept and listed in \`errors\` (then the answer is 400).${deleteText(collection, false)}`,
        {
          parameters: [
            param('whereOfMany'),
            param('depth'),
            ...trashParams(collection, 'trashed records are found too, and deleted for good.'),
          ],
          responses: {
            200: bulkAnswer(slug, 'Every record found was deleted'),
            ...errorsOf({ extra: [423] }),
            400: bulkAnswer(
              slug,
              'Some records were not deleted (listed in `errors`), or the filter is invalid',
              ['errors'],
            ),
          },
        },
      ),
    },
  }),
  'delete /:id': ({ collection, slug, tag }) => ({
    [`/${slug}/{id}`]: {
      delete: op(
        { operationId: `${camel(slug)}_delete`, summary: `Delete a record`, tag },
        `Deletes one ${collection.slug} record. A record another record still names is not deleted (409).${deleteText(collection, true)}`,
        {
          parameters: [
            idParamOf(collection),
            param('depth'),
            ...trashParams(collection, 'a trashed record is found too, and deleted for good.'),
          ],
          responses: {
            200: payloadDoc(slug),
            ...errorsOf({ byId: true, extra: [409, 423] }),
          },
        },
      ),
    },
  }),
  'patch /': ({ slug, tag }) => ({
    [`/${slug}`]: {
      patch: op(
        {
          operationId: `${camel(slug)}_updateMany`,
          summary: 'Update the records a filter finds',
          tag,
        },
        'Applies the body to every record `where` finds that the caller may update (bulk update; `where` is required: without it, or with one that constrains nothing, the answer is 400). Records that fail are listed in `errors` (then the answer is 400).',
        {
          parameters: [param('whereOfMany'), param('depth')],
          requestBody: changesBody(slug),
          responses: {
            200: bulkAnswer(slug, 'Every record found was updated'),
            ...errorsOf({ body: true, extra: [423] }),
            400: bulkAnswer(
              slug,
              'Some records were not updated (listed in `errors`), or the filter or a value is invalid',
              ['errors'],
            ),
          },
        },
      ),
    },
  }),
  'patch /:id': ({ collection, slug, tag }) => ({
    [`/${slug}/{id}`]: {
      patch: op(
        { operationId: `${camel(slug)}_update`, summary: 'Update a record', tag },
        `Changes the fields the body carries of one ${collection.slug} record. With \`If-Match\`, only while the record is still that version (else 412).`,
        {
          parameters: [
            idParamOf(collection),
            param('depth'),
            param('ifMatch'),
            ...trashParams(
              collection,
              'a trashed record is found too (`deletedAt: null` restores it).',
            ),
          ],
          requestBody: changesBody(slug),
          responses: {
            200: withETag(payloadDoc(slug)),
            ...errorsOf({ body: true, byId: true, extra: [409, 412, 423] }),
          },
        },
      ),
    },
  }),
  'post /': ({ collection, slug, tag }) => ({
    [`/${slug}`]: {
      post: op(
        { operationId: `${camel(slug)}_create`, summary: 'Create a record', tag },
        `Creates a ${collection.slug} record. With an \`Idempotency-Key\`, a retry answers the first answer and creates nothing.`,
        {
          parameters: [param('idempotencyKey'), param('depth')],
          requestBody: collection.upload
            ? uploadBody
            : { content: json(ref(`${slug}_create`)), required: true },
          responses: {
            ...(collection.custom?.mergesDuplicates ? { 200: mergedIntoExisting(slug) } : {}),
            201: payloadDoc(slug),
            ...errorsOf({ body: true, extra: [409, 422] }),
          },
          ...(anonymousMay(collection, 'create') ? { security: PUBLIC } : {}),
        },
      ),
    },
  }),
  'post /:id/duplicate': ({ collection, slug, tag }) => ({
    [`/${slug}/{id}/duplicate`]: {
      post: op(
        { operationId: `${camel(slug)}_duplicate`, summary: 'Duplicate a record', tag },
        `Creates a copy of one ${collection.slug} record (unique fields must then differ, else 400).`,
        {
          parameters: [idParamOf(collection), param('depth')],
          responses: {
            200: payloadDoc(slug),
            201: payloadDoc(slug),
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
})
