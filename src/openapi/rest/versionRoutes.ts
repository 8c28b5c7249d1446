/** The routes of a collection's versions: list, get, restore. */
import { param } from '../parameters'
import { json, ref } from '../responses'
import {
  camel,
  Context,
  errorsOf,
  listParams,
  op,
  paginated,
  PathItems,
  pluralOf,
  versionIdParam,
} from './shared'

export const versionRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /versions': ({ collection, slug, tag }) => ({
    [`/${slug}/versions`]: {
      get: op(
        { operationId: `${camel(slug)}_listVersions`, summary: 'List versions', tag },
        `Earlier versions of ${pluralOf(collection).toLowerCase()} (each save keeps one), filtered by \`where\` (\`where[parent][equals]=<id>\` for one record's).`,
        {
          parameters: listParams,
          responses: {
            200: paginated(ref('Version'), 'One page of versions'),
            ...errorsOf({}),
          },
        },
      ),
    },
  }),
  'get /versions/:id': ({ slug, tag }) => ({
    [`/${slug}/versions/{id}`]: {
      get: op(
        { operationId: `${camel(slug)}_getVersion`, summary: 'Get a version', tag },
        'One earlier version, by the id of the version.',
        {
          parameters: [versionIdParam, param('depth')],
          responses: {
            200: { content: json(ref('Version')), description: 'The version' },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
  'post /versions/:id': ({ slug, tag }) => ({
    [`/${slug}/versions/{id}`]: {
      post: op(
        { operationId: `${camel(slug)}_restoreVersion`, summary: 'Restore a version', tag },
        'Makes an earlier version the current record (itself saved as a new version).',
        {
          parameters: [versionIdParam, param('depth')],
          responses: {
            200: {
              content: json({
                allOf: [
                  ref(`${slug}_update`),
                  { properties: { message: { type: 'string' } }, type: 'object' },
                ],
              }),
              description: 'The record as restored, and a message',
            },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
})
