/** The routes that read a collection's records: list, get, count, the caller's permissions, and an upload's file. */
import { param } from '../parameters'
import { json, NOT_MODIFIED, ref, withETag } from '../responses'
import {
  anonymousMay,
  camel,
  Context,
  errorsOf,
  idParamOf,
  listParams,
  op,
  paginated,
  PathItems,
  permissions,
  pluralOf,
  PUBLIC,
} from './shared'
import { trashParams } from './trash'

export const readRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /': ({ collection, slug, tag }) => ({
    [`/${slug}`]: {
      get: op(
        { operationId: `${camel(slug)}_list`, summary: `List records`, tag },
        `A page of ${pluralOf(collection).toLowerCase()} the caller may read, filtered by \`where\` and sorted by \`sort\`.`,
        {
          parameters: [
            ...listParams,
            ...trashParams(
              collection,
              'trashed records are listed too, each with its `deletedAt` (`where[deletedAt][exists]=true` for the trash alone).',
            ),
          ],
          responses: {
            200: paginated(ref(slug), 'One page of records'),
            ...errorsOf({}),
          },
          ...(anonymousMay(collection, 'read') ? { security: PUBLIC } : {}),
        },
      ),
    },
  }),
  'get /:id': ({ collection, slug, tag }) => ({
    [`/${slug}/{id}`]: {
      get: op(
        { operationId: `${camel(slug)}_get`, summary: `Get a record`, tag },
        `One ${collection.slug} record by id, with its version as \`ETag\` (send it as \`If-None-Match\` for a 304 while unchanged).`,
        {
          parameters: [
            idParamOf(collection),
            param('depth'),
            param('ifNoneMatch'),
            ...trashParams(collection, 'a trashed record is found too.'),
          ],
          responses: {
            200: withETag({ content: json(ref(slug)), description: 'The record' }),
            ...NOT_MODIFIED,
            ...errorsOf({ byId: true }),
          },
          ...(anonymousMay(collection, 'read') ? { security: PUBLIC } : {}),
        },
      ),
    },
  }),
  'get /count': ({ collection, slug, tag }) => ({
    [`/${slug}/count`]: {
      get: op(
        { operationId: `${camel(slug)}_count`, summary: 'Count records', tag },
        `How many ${pluralOf(collection).toLowerCase()} the caller may read match \`where\`.`,
        {
          parameters: [param('where')],
          responses: {
            200: {
              content: json({
                properties: { totalDocs: { type: 'integer' } },
                required: ['totalDocs'],
                type: 'object',
              }),
              description: 'The count',
            },
            ...errorsOf({}),
          },
          ...(anonymousMay(collection, 'read') ? { security: PUBLIC } : {}),
        },
      ),
    },
  }),
  'post /access/:id?': ({ collection, slug, tag }) => {
    const access = (withId: boolean) =>
      op(
        {
          operationId: `${camel(slug)}_${withId ? 'recordAccess' : 'access'}`,
          summary: withId ? "The caller's permissions on a record" : "The caller's permissions",
          tag,
        },
        withId
          ? `What the caller may do with one ${collection.slug} record and each of its fields.`
          : `What the caller may do with ${pluralOf(collection).toLowerCase()} and each of their fields.`,
        {
          parameters: withId ? [idParamOf(collection)] : [],
          responses: { 200: permissions, ...errorsOf({ byId: withId }) },
          security: PUBLIC,
        },
      )
    return {
      [`/${slug}/access`]: { post: access(false) },
      [`/${slug}/access/{id}`]: { post: access(true) },
    }
  },
  'get /file/:filename': ({ slug, tag }) => ({
    [`/${slug}/file/{filename}`]: {
      get: op(
        { operationId: `${camel(slug)}_file`, summary: 'Download a file', tag },
        'The uploaded file (a listing photo) by its file name, as stored. Public.',
        {
          parameters: [
            { in: 'path', name: 'filename', required: true, schema: { type: 'string' } },
          ],
          responses: {
            200: {
              content: { 'image/*': { schema: { format: 'binary', type: 'string' } } },
              description: 'The file',
            },
            ...errorsOf({ byId: true }),
          },
          security: PUBLIC,
        },
      ),
    },
  }),
})
