/** One builder per route Payload (or this service) mounts on a collection. */
import { param } from '../parameters'
import { json, NOT_MODIFIED, payloadDoc, ref, withETag } from '../responses'
import { actionRoutes, preferenceRoutes } from './adminRoutes'
import { authRoutes } from './authRoutes'
import { complianceRecordRoutes } from './complianceRecordRoutes'
import { complianceRoutes } from './complianceRoutes'
import { consentRoutes } from './consentRoutes'
import { leadDeskRoutes, MERGED_ROW, mergedIntoExisting } from './leadDeskRoutes'
import {
  anonymousMay,
  ANY_OBJECT,
  bulkAnswer,
  camel,
  changesBody,
  Context,
  errorsOf,
  idParamOf,
  listParams,
  message,
  op,
  paginated,
  PathItems,
  permissions,
  pluralOf,
  PUBLIC,
  uploadBody,
  versionIdParam,
} from './shared'

/** `?trash=true` on a collection with a trash (src/trash): the operation sees trashed records too. */
const trashParams = (collection: Context['collection'], what: string) =>
  collection.trash
    ? [
        {
          description: `\`true\`: ${what} Without it, trashed records are not found. Staff users and admin API clients only (403 for any other caller).`,
          in: 'query',
          name: 'trash',
          schema: { enum: ['true', 'false'], type: 'string' },
        },
      ]
    : []

/** What a DELETE does on a collection with a trash, and on any other. */
const deleteText = (collection: Context['collection'], one: boolean) =>
  collection.trash
    ? ` A delete moves ${one ? 'the record' : 'them'} to the trash, whoever sends it (restored with a PATCH of \`deletedAt: null\` and \`trash=true\`). With \`trash=true\` (admins only: 403 for anyone else), ${one ? 'a record already in the trash is deleted for good (a live one is moved to the trash)' : 'the records found in the trash are deleted for good and the live ones found are moved to the trash'}, each audited.`
    : ''

/** One builder per route Payload (or this service) mounts on a collection: `method path`. */
export const ROUTES: Record<string, (context: Context) => PathItems> = {
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
  'get /export': ({ collection, slug, tag }) => ({
    [`/${slug}/export`]: {
      get: op(
        { operationId: `${camel(slug)}_export`, summary: 'Export as CSV', tag },
        `Every ${collection.slug} record the caller may read that \`where\` and \`search\` find, as a CSV file (a header line of field names, ids for relations), oldest first or by \`sort\`, with the \`columns\` named (else every exportable field): what the list view shows.`,
        {
          parameters: [
            param('where'),
            {
              description: "The list view's search box, matched as the list matches it.",
              in: 'query',
              name: 'search',
              schema: { type: 'string' },
            },
            param('sort'),
            {
              description:
                'The columns, in order: a JSON list as the list view keeps it (`["title","-source"]`, `-` marking a hidden one) or names separated by commas; a group\'s field by its path. A column never exported is a 400.',
              in: 'query',
              name: 'columns',
              schema: { type: 'string' },
            },
          ],
          responses: {
            200: {
              content: { 'text/csv': { schema: { type: 'string' } } },
              description: 'The CSV file',
            },
            ...errorsOf({}),
          },
        },
      ),
    },
  }),
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
  'post /import': ({ collection, slug, tag }) => ({
    [`/${slug}/import`]: {
      post: op(
        { operationId: `${camel(slug)}_import`, summary: 'Import records', tag },
        `Creates ${pluralOf(collection).toLowerCase()} from a CSV file (\`csv\`: a header line of field names, as the export writes) or a list of records (\`rows\`), whole or not at all: if any row is refused, the answer is 400 listing every bad row (\`errors[0].data.rows\`) and nothing is imported. \`dryRun: true\` only checks, and answers a preview of every row. At most 5,000 rows.`,
        {
          requestBody: {
            content: json({
              properties: {
                csv: { description: 'The CSV file as text.', type: 'string' },
                dryRun: { type: 'boolean' },
                rows: { items: ref(`${slug}_update`), type: 'array' },
              },
              type: 'object',
            }),
            required: true,
          },
          responses: {
            200: {
              content: json({
                properties: {
                  invalid: { type: 'integer' },
                  message: { type: 'string' },
                  rows: {
                    items: {
                      properties: {
                        errors: {
                          items: {
                            properties: { message: { type: 'string' }, path: { type: 'string' } },
                            required: ['message'],
                            type: 'object',
                          },
                          type: 'array',
                        },
                        merged: MERGED_ROW,
                        record: ANY_OBJECT,
                        row: { type: 'integer' },
                      },
                      required: ['row'],
                      type: 'object',
                    },
                    type: 'array',
                  },
                  valid: { type: 'integer' },
                },
                required: ['invalid', 'message', 'rows', 'valid'],
                type: 'object',
              }),
              description:
                'Dry run: a preview, each row with the record it would create (`record`) or its problems (`errors`); nothing is saved',
            },
            201: {
              content: json({
                properties: {
                  ids: {
                    items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
                    type: 'array',
                  },
                  imported: { type: 'integer' },
                  merged: {
                    description:
                      'Rows merged into an existing record as duplicates (leads), each with its row number; `ids` lists the records created.',
                    items: {
                      ...MERGED_ROW,
                      properties: { ...MERGED_ROW.properties, row: { type: 'integer' } },
                    },
                    type: 'array',
                  },
                  message: { type: 'string' },
                },
                required: ['ids', 'imported', 'message'],
                type: 'object',
              }),
              description: 'Every row was imported',
            },
            ...errorsOf({ body: true }),
          },
        },
      ),
    },
  }),
  'get /import-template': ({ collection, slug, tag }) => ({
    [`/${slug}/import-template`]: {
      get: op(
        { operationId: `${camel(slug)}_importTemplate`, summary: 'Import template (CSV)', tag },
        `A CSV file to fill in for an import of ${pluralOf(collection).toLowerCase()}: the header (the fields the caller may set on a create) and one example row showing each field's format.`,
        {
          responses: {
            200: {
              content: { 'text/csv': { schema: { type: 'string' } } },
              description: 'The template',
            },
            ...errorsOf({}),
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
            200: { content: json(ref(`${slug}_update`)), description: 'The record as restored' },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
  ...authRoutes(),
  ...actionRoutes(),
  ...leadDeskRoutes(),
  ...complianceRoutes(),
  ...complianceRecordRoutes(),
  ...consentRoutes(),
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
  'get /handle-schedules': ({ slug, tag }) => ({
    [`/${slug}/handle-schedules`]: {
      get: op(
        { operationId: `${camel(slug)}_handleSchedules`, summary: 'Queue scheduled jobs', tag },
        'Queues the jobs whose schedule is due (staff admins).',
        { responses: { 200: message('Done'), ...errorsOf({}) } },
      ),
    },
  }),
  'get /run': ({ slug, tag }) => ({
    [`/${slug}/run`]: {
      get: op(
        { operationId: `${camel(slug)}_run`, summary: 'Run queued jobs', tag },
        'Runs the queued jobs that are due now (staff admins; the service runs them by itself too).',
        {
          responses: {
            200: { content: json(ANY_OBJECT), description: 'What was run' },
            ...errorsOf({}),
            401: {
              content: json({
                anyOf: [
                  ref('PayloadErrors'),
                  {
                    properties: { message: { type: 'string' } },
                    required: ['message'],
                    type: 'object',
                  },
                ],
              }),
              description: 'Unauthorized: staff admins only',
            },
          },
        },
      ),
    },
  }),
  ...preferenceRoutes(),
}
