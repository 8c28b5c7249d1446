/**
 * Payload's REST API as the service serves it, read from the sanitized config: for every
 * collection its list, by-id, `/count`, `/versions`, `/access`, bulk PATCH and DELETE, the
 * endpoints it adds (`/export`, `/import`, actions), the sign-in routes of the two auth
 * collections, the globals, and the root routes (`/access`, `/search`). A route the config mounts
 * that no builder here knows fails the build of the document (and so its test): nothing is
 * served undocumented.
 */
import type {
  Endpoint,
  FlattenedField,
  SanitizedCollectionConfig,
  SanitizedConfig,
  SanitizedGlobalConfig,
} from 'payload'

import { CLOSED_COLLECTIONS } from '@/api/closedCollections'
import { hasSchedules } from '@/jobs/config'

import { type OperationName } from './operation'
import { hasSerialIdField, MAX_SERIAL_ID, param, sharedParameters } from './parameters'
import type { Records } from './records'
import {
  json,
  NOT_MODIFIED,
  type Obj,
  payloadDoc,
  payloadErrors,
  type PayloadStatus,
  ref,
  withETag,
} from './responses'

type Operation = Obj
type PathItems = Record<string, Record<string, Operation>>

/** What an operation of one collection needs to know of it. */
type Context = {
  collection: SanitizedCollectionConfig
  records: Records
  slug: string
  tag: string
}

/** The `id` path parameter of a collection: an integer where ids are serial, else text. */
const idParamOf = (collection: SanitizedCollectionConfig) =>
  param(hasSerialIdField(collection) ? 'serialId' : 'id')

const listParams = [param('limit'), param('page'), param('sort'), param('where'), param('depth')]

const PUBLIC = [{}, { apiKey: [] }, { session: [] }]

const camel = (slug: string) =>
  slug.replace(/[-_](.)/g, (_all, letter: string) => letter.toUpperCase())

/** The plural label of a collection, as the admin UI shows it. */
const pluralOf = (collection: SanitizedCollectionConfig): string => {
  const plural = collection.labels?.plural
  return typeof plural === 'string' ? plural : collection.slug
}

/** May a caller without a credential do `operation` (the collection's access, asked with no user)? */
const anonymousMay = (collection: SanitizedCollectionConfig, operation: string): boolean => {
  const access = (collection.access as Record<string, unknown>)[operation]
  if (typeof access !== 'function') return false
  try {
    const answer = access({ req: { headers: new Headers(), user: null } })
    return answer === true || (Boolean(answer) && typeof answer === 'object')
  } catch {
    return false
  }
}

/** Every answer a Payload REST operation may give besides its own success. */
const errorsOf = ({
  body = false,
  byId = false,
  extra = [],
}: {
  body?: boolean
  byId?: boolean
  extra?: PayloadStatus[]
}) => {
  const codes: PayloadStatus[] = [400, 401, 403]
  if (byId) codes.push(404)
  if (body) codes.push(413, 415)
  codes.push(...extra, 429, 503)
  return payloadErrors(...[...new Set(codes)].sort((a, b) => a - b))
}

/** An operation object: its id, parameters, body and answers, summary, description and tag. */
const op = (
  { operationId, summary, tag }: OperationName,
  description: string,
  details: Obj,
): Operation => ({ operationId, ...details, description, summary, tags: [tag] })

const pagination = {
  hasNextPage: { type: 'boolean' },
  hasPrevPage: { type: 'boolean' },
  limit: { type: 'integer' },
  nextPage: { nullable: true, type: 'integer' },
  page: { type: 'integer' },
  pagingCounter: { type: 'integer' },
  prevPage: { nullable: true, type: 'integer' },
  totalDocs: { type: 'integer' },
  totalPages: { type: 'integer' },
}

/** Payload's paginated answer of `item`s. */
const paginated = (item: Obj, description: string) => ({
  content: json({
    properties: { docs: { items: item, type: 'array' }, ...pagination },
    required: ['docs', ...Object.keys(pagination)],
    type: 'object',
  }),
  description,
})

/** The answer of a bulk update or delete (200 when every record was done, 400 when some were not). */
const bulkAnswer = (
  slug: string,
  description: string,
  required = ['docs', 'errors', 'message'],
) => ({
  content: json({
    properties: {
      docs: { items: ref(slug), type: 'array' },
      errors: {
        items: {
          properties: {
            id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
            message: { type: 'string' },
          },
          required: ['message'],
          type: 'object',
        },
        type: 'array',
      },
      message: { type: 'string' },
    },
    required,
    type: 'object',
  }),
  description,
})

const permissions = {
  content: json({
    additionalProperties: true,
    description: 'What the caller may do: `create`, `read`, `update`, `delete`, per field too.',
    type: 'object',
  }),
  description: "The caller's permissions",
}

const message = (description: string) => ({
  content: json({
    properties: { message: { type: 'string' } },
    required: ['message'],
    type: 'object',
  }),
  description,
})

/** The fields a create must carry: required, without a default, not filled in by a hook. */
const requiredOnCreate = (collection: SanitizedCollectionConfig): string[] =>
  collection.flattenedFields
    .filter((field: FlattenedField) => {
      const { defaultValue, hooks, required } = field as {
        defaultValue?: unknown
        hooks?: { beforeChange?: unknown[]; beforeValidate?: unknown[] }
        required?: boolean
      }
      return (
        required === true &&
        defaultValue === undefined &&
        !hooks?.beforeValidate?.length &&
        !hooks?.beforeChange?.length
      )
    })
    .map((field) => field.name)

/** The body of an update: any of the record's fields (the `<slug>_update` schema). */
const changesBody = (slug: string) => ({ content: json(ref(`${slug}_update`)), required: true })

const withoutRequired = (schema: Obj): Obj => {
  const { required: _required, ...rest } = schema
  return rest
}

/**
 * The bodies of writes, as component schemas: `<slug>_create` (the fields a create must carry
 * are required) and `<slug>_update` (none is).
 */
export const inputSchemas = (config: SanitizedConfig, records: Records): Records => {
  const schemas: Records = {}
  for (const collection of servedCollections(config)) {
    const record = records[collection.slug]
    const required = requiredOnCreate(collection)
    schemas[`${collection.slug}_create`] = {
      ...withoutRequired(record),
      ...(required.length ? { required } : {}),
    }
    schemas[`${collection.slug}_update`] = withoutRequired(record)
  }
  for (const global of config.globals)
    schemas[`${global.slug}_update`] = withoutRequired(records[global.slug])
  return schemas
}

/** Of an upload collection, the file and the record's fields as form data. */
const uploadBody = {
  content: {
    'multipart/form-data': {
      schema: {
        properties: {
          _payload: {
            description: "The record's other fields, as JSON text.",
            type: 'string',
          },
          file: { format: 'binary', type: 'string' },
        },
        required: ['file'],
        type: 'object',
      },
    },
  },
  required: true,
}

const ANY_OBJECT = { additionalProperties: true, type: 'object' }

/** One builder per route Payload (or this service) mounts on a collection: `method path`. */
const ROUTES: Record<string, (context: Context) => PathItems> = {
  'delete /': ({ slug, tag }) => ({
    [`/${slug}`]: {
      delete: op(
        {
          operationId: `${camel(slug)}_deleteMany`,
          summary: 'Delete the records a filter finds',
          tag,
        },
        'Deletes every record `where` finds that the caller may delete (bulk delete; `where` is required: without it the answer is 400). A record another record still names is kept and listed in `errors` (then the answer is 400).',
        {
          parameters: [param('whereOfMany'), param('depth')],
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
        `Deletes one ${collection.slug} record. A record another record still names is not deleted (409).`,
        {
          parameters: [idParamOf(collection), param('depth')],
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
          parameters: listParams,
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
          parameters: [idParamOf(collection), param('depth'), param('ifNoneMatch')],
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
        `Every ${collection.slug} record the caller may read that \`where\` finds, as a CSV file (a header line of field names, ids for relations), oldest first.`,
        {
          parameters: [param('where')],
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
        'Applies the body to every record `where` finds that the caller may update (bulk update; `where` is required: without it the answer is 400). Records that fail are listed in `errors` (then the answer is 400).',
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
          parameters: [idParamOf(collection), param('depth'), param('ifMatch')],
          requestBody: changesBody(slug),
          responses: {
            200: withETag(payloadDoc(slug)),
            ...errorsOf({ body: true, byId: true, extra: [412, 423] }),
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
        `Creates ${pluralOf(collection).toLowerCase()} from a CSV file (\`csv\`: a header line of field names, as the export writes) or a list of records (\`rows\`), whole or not at all: if any row is refused, the answer is 400 listing every bad row (\`errors[0].data.rows\`) and nothing is imported. \`dryRun: true\` only checks. At most 5,000 rows.`,
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
                properties: { message: { type: 'string' }, valid: { type: 'integer' } },
                required: ['message', 'valid'],
                type: 'object',
              }),
              description: 'Dry run: every row can be imported',
            },
            201: {
              content: json({
                properties: {
                  ids: {
                    items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
                    type: 'array',
                  },
                  imported: { type: 'integer' },
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

const versionIdParam = {
  description: 'The id of the version (not of the record).',
  in: 'path',
  name: 'id',
  required: true,
  schema: { maximum: MAX_SERIAL_ID, minimum: 1, type: 'integer' },
}

/** The sign-in routes Payload mounts on each auth collection (users; api-clients sign in with keys). */
function authRoutes(): Record<string, (context: Context) => PathItems> {
  const credentials = {
    email: { format: 'email', type: 'string' },
    password: { format: 'password', type: 'string' },
  }
  const session = (slug: string) => ({
    content: json({
      properties: {
        exp: { description: 'When the token expires, in Unix seconds.', type: 'integer' },
        message: { type: 'string' },
        token: { description: 'The session token (also set as a cookie).', type: 'string' },
        user: ref(slug),
      },
      required: ['user'],
      type: 'object',
    }),
    description: 'Signed in: the session token, also set as the `payload-token` cookie',
  })
  const signIn = (errors: PayloadStatus[]) => errorsOf({ body: true, extra: errors })
  const post =
    (route: string, summary: string, description: string, details: (context: Context) => Obj) =>
    (context: Context): PathItems => ({
      [`/${context.slug}${route}`]: {
        post: op(
          {
            operationId: `${camel(context.slug)}_${camel(route.slice(1))}`,
            summary,
            tag: context.tag,
          },
          description,
          { ...details(context), security: PUBLIC },
        ),
      },
    })
  const body = (properties: Obj, required: string[]) => ({
    content: json({ properties, required, type: 'object' }),
    required: true,
  })
  return {
    'get /init': ({ slug, tag }) => ({
      [`/${slug}/init`]: {
        get: op(
          { operationId: `${camel(slug)}_init`, summary: 'Is there a first user?', tag },
          'Whether the first account has been created (the admin UI asks before offering to create it).',
          {
            responses: {
              200: {
                content: json({
                  properties: { initialized: { type: 'boolean' } },
                  required: ['initialized'],
                  type: 'object',
                }),
                description: 'Whether a first account exists',
              },
              ...errorsOf({}),
            },
            security: PUBLIC,
          },
        ),
      },
    }),
    'get /me': ({ slug, tag }) => ({
      [`/${slug}/me`]: {
        get: op(
          { operationId: `${camel(slug)}_me`, summary: 'Who is calling', tag },
          `The signed-in ${slug === 'users' ? 'user' : 'API client'} of this request, or \`user: null\` when it is someone else or no one.`,
          {
            responses: {
              200: {
                content: json({
                  properties: {
                    collection: { type: 'string' },
                    exp: { type: 'integer' },
                    message: { type: 'string' },
                    strategy: { type: 'string' },
                    token: { type: 'string' },
                    user: {
                      oneOf: [
                        ref(slug),
                        {
                          description: 'Someone else, or no one, is calling.',
                          enum: [null],
                          nullable: true,
                          type: 'object',
                        },
                      ],
                    },
                  },
                  required: ['user'],
                  type: 'object',
                }),
                description: 'The caller (`user` is null for anyone else)',
              },
              ...errorsOf({}),
            },
            security: PUBLIC,
          },
        ),
      },
    }),
    'post /first-register': post(
      '/first-register',
      'Create the first account',
      'Creates the first account while there is none, and signs it in (403 once one exists).',
      ({ slug }) => ({
        requestBody: body(credentials, ['email', 'password']),
        responses: { 200: session(slug), ...signIn([]) },
      }),
    ),
    'post /forgot-password': post(
      '/forgot-password',
      'Ask for a password reset',
      'Sends a password-reset e-mail to the address, if it names an account; the answer is the same either way. 503 when the mail server does not take the message.',
      () => ({
        requestBody: body({ email: credentials.email }, ['email']),
        responses: { 200: message('Accepted'), ...signIn([]) },
      }),
    ),
    'post /login': post(
      '/login',
      'Sign in',
      [
        'Signs in with e-mail and password; an account with two-factor sign-in also needs its second factor, in steps:',
        '',
        '1. `{email, password}`: an account with an authenticator app is answered 401 with `errors[0].data.mfa: "code"`;',
        "2. the same with `code` (the app's 6 digits) or `recoveryCode` (one of the one-time codes) signs in;",
        '3. an account that must have a second factor and has none is answered 401 with `data.mfa: "enrol"`, a new `secret` (and its `otpauth://` `uri`) and an `enrolmentToken`; sending the password again with `enrolmentToken` and a `code` from the app sets it up and signs in, and the answer carries ten recovery codes, shown once.',
        '',
        'A wrong code counts toward the lockout like a wrong password. Sign-ins have a budget per client address (429).',
      ].join('\n'),
      ({ slug }) => ({
        requestBody: body(
          {
            ...credentials,
            code: { description: "The authenticator app's 6-digit code.", type: 'string' },
            enrolmentToken: {
              description: 'From the `enrol` answer: with `code`, sets up the authenticator app.',
              type: 'string',
            },
            recoveryCode: { description: 'One of the one-time recovery codes.', type: 'string' },
          },
          ['email', 'password'],
        ),
        responses: {
          200: session(slug),
          ...signIn([423]),
          401: {
            content: json(ref('PayloadErrors'), {
              errors: [
                {
                  data: { mfa: 'code' },
                  message: 'Enter the 6-digit code from your authenticator app.',
                },
              ],
            }),
            description:
              'Wrong e-mail or password, or the second factor is needed (`errors[0].data.mfa`: `code`, `enrol`, `enrol-code`, `enrol-expired`)',
          },
        },
      }),
    ),
    'post /logout': post(
      '/logout',
      'Sign out',
      "Ends the caller's session and clears its cookie.",
      () => ({ responses: { 200: message('Signed out'), ...errorsOf({}) } }),
    ),
    'post /refresh-token': post(
      '/refresh-token',
      'Refresh the session',
      'A new token for the signed-in session, with a new expiry.',
      ({ slug }) => ({
        responses: {
          200: {
            content: json({
              properties: {
                exp: { type: 'integer' },
                message: { type: 'string' },
                refreshedToken: { type: 'string' },
                user: ref(slug),
              },
              type: 'object',
            }),
            description: 'The new token',
          },
          ...errorsOf({}),
        },
      }),
    ),
    'post /reset-password': post(
      '/reset-password',
      'Reset the password',
      'Sets a new password with the token of a reset e-mail. An account with two-factor sign-in is not signed in by it: its next sign-in asks for the code.',
      ({ slug }) => ({
        requestBody: body({ password: credentials.password, token: { type: 'string' } }, [
          'token',
          'password',
        ]),
        responses: { 200: session(slug), ...signIn([]) },
      }),
    ),
    'post /unlock': post(
      '/unlock',
      'Unlock an account',
      'Clears the lockout of an account after failed sign-ins (admins).',
      () => ({
        requestBody: body({ email: credentials.email }, ['email']),
        responses: { 200: message('Unlocked'), ...signIn([]) },
      }),
    ),
  }
}

/** The actions this service adds: `POST /<collection>/{id}/<action>`, for admins (src/api/adminAction.ts). */
function actionRoutes(): Record<string, (context: Context) => PathItems> {
  const action =
    (name: string, summary: string, description: string, answer: Obj) =>
    ({ collection, slug, tag }: Context): PathItems => ({
      [`/${slug}/{id}/${name}`]: {
        post: op({ operationId: `${camel(slug)}_${camel(name)}`, summary, tag }, description, {
          parameters: [idParamOf(collection)],
          responses: { 200: answer, ...errorsOf({ byId: true }) },
        }),
      },
    })
  return {
    'post /:id/mfa-reset': action(
      'mfa-reset',
      'Reset two-factor sign-in',
      "Clears a user's second factor and ends their sessions, for someone who lost both the app and the recovery codes (admins). Their next sign-in sets it up again where it is required.",
      message('Reset'),
    ),
    'post /:id/resend': action(
      'resend',
      'Send a delivery again',
      'Makes the webhook delivery due again at once, with a fresh schedule of attempts and the same `webhook-id` (admins).',
      payloadDoc('webhook-deliveries'),
    ),
    'post /:id/rotate-secret': action(
      'rotate-secret',
      'Rotate the signing secret',
      'A new signing secret for the webhook endpoint, answered once; the one it replaces still signs beside it until `previousSecretExpiresAt` (admins).',
      {
        content: json({
          properties: {
            id: { type: 'integer' },
            previousSecretExpiresAt: { format: 'date-time', type: 'string' },
            secret: { type: 'string' },
          },
          required: ['id', 'previousSecretExpiresAt', 'secret'],
          type: 'object',
        }),
        description: 'The new secret',
      },
    ),
  }
}

/** The admin UI's saved preferences, by key, for the signed-in staff user (`payload-preferences`). */
function preferenceRoutes(): Record<string, (context: Context) => PathItems> {
  const keyParam = {
    description: 'The preference key (the admin UI names them).',
    in: 'path',
    name: 'key',
    required: true,
    schema: { type: 'string' },
  }
  const preference = {
    content: json({
      properties: { message: { type: 'string' }, value: { description: 'Any JSON value.' } },
      type: 'object',
    }),
    description: 'The preference (`value` is null when there is none)',
  }
  const keyOp =
    (method: string, summary: string, description: string, extra: Obj = {}) =>
    ({ slug, tag }: Context): PathItems => ({
      [`/${slug}/{key}`]: {
        [method]: op({ operationId: `${camel(slug)}_${method}ByKey`, summary, tag }, description, {
          parameters: [keyParam],
          ...extra,
          responses: {
            200: preference,
            ...errorsOf({ body: 'requestBody' in extra, byId: true }),
          },
        }),
      },
    })
  return {
    'delete /:key': keyOp(
      'delete',
      'Delete a preference',
      "Deletes one of the caller's preferences.",
    ),
    'get /:key': keyOp('get', 'Read a preference', "One of the caller's preferences."),
    'post /:key': keyOp('post', 'Save a preference', "Saves one of the caller's preferences.", {
      requestBody: {
        content: json({ properties: { value: {} }, required: ['value'], type: 'object' }),
        required: true,
      },
    }),
  }
}

/** Routes Payload mounts that the service does not serve (a gate answers 404 first) or that answer nothing but a refusal. */
const notServed = (
  collection: SanitizedCollectionConfig,
  endpoint: Endpoint,
  schedules: boolean,
): boolean => {
  const path = endpoint.path
  if (!collection.versions && path.startsWith('/versions')) return true
  if (!(collection.auth && collection.auth.verify) && path.startsWith('/verify')) return true
  // Pasting an upload from an address is not enabled: the route answers 400, always.
  if (path.startsWith('/paste-url') && !collection.upload?.pasteURL) return true
  // Without a scheduled task or workflow it fails (500), whoever calls.
  if (path === '/handle-schedules' && !schedules) return true
  return false
}

/** The path parameters of `operation` renamed, in order, to those of `template`. */
const renamePathParams = (operation: Operation, template: string): Operation => {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
  let index = 0
  const parameters = (operation.parameters as Obj[] | undefined)?.map((parameter) => {
    const shared = typeof parameter.$ref === 'string' ? parameter.$ref.split('/').pop()! : null
    const resolved = shared
      ? (sharedParameters[shared as keyof typeof sharedParameters] as Obj)
      : parameter
    return resolved.in === 'path' ? { ...resolved, name: names[index++] } : parameter
  })
  return parameters ? { ...operation, parameters } : operation
}

type Mounted = { method: string; path: string }

/** Does a route of `pattern`, mounted earlier, catch the requests to `path` (Payload matches in order)? */
const catches = (pattern: string, path: string): boolean => {
  const [mounted, later] = [pattern.split('/'), path.split('/')]
  return (
    mounted.length === later.length &&
    mounted.every((segment, index) => segment.startsWith('{') || segment === later[index])
  )
}

/**
 * Adds path items in the order their routes are mounted. A route that one mounted before it
 * catches (`GET /payload-preferences/count` is `GET /payload-preferences/{key}`) is not served,
 * and two routes of one template (`/{key}` of the preferences and `/{id}`) are one path, the
 * later taking the earlier one's parameter names.
 */
const merge = (into: PathItems, items: PathItems, mounted: Mounted[] = []) => {
  for (const [path, methods] of Object.entries(items)) {
    const template = path.replace(/\{[^}]+\}/g, '{}')
    const existing =
      Object.keys(into).find((known) => known.replace(/\{[^}]+\}/g, '{}') === template) ?? path
    for (const [method, operation] of Object.entries(methods)) {
      if (mounted.some((route) => route.method === method && catches(route.path, path))) continue
      mounted.push({ method, path })
      into[existing] ??= {}
      into[existing][method] = existing === path ? operation : renamePathParams(operation, existing)
    }
  }
}

/** The tag of a collection's operations: its plural label. */
export const collectionTag = (collection: SanitizedCollectionConfig) => pluralOf(collection)

/** The collections the service serves over REST (not the closed bookkeeping ones). */
export const servedCollections = (config: SanitizedConfig) =>
  config.collections.filter((collection) => !CLOSED_COLLECTIONS.has(collection.slug))

/** The REST paths of every served collection, each under the tag of its collection. */
export const collectionPaths = (config: SanitizedConfig, records: Records): PathItems => {
  const paths: PathItems = {}
  for (const collection of servedCollections(config)) {
    const context: Context = {
      collection,
      records,
      slug: collection.slug,
      tag: collectionTag(collection),
    }
    const mounted: Mounted[] = []
    for (const endpoint of collection.endpoints || []) {
      if (notServed(collection, endpoint, hasSchedules(config))) continue
      const route = `${endpoint.method} ${endpoint.path}`
      const build = ROUTES[route]
      if (!build) throw new Error(`${collection.slug}: ${route} is served but not documented`)
      merge(paths, build(context), mounted)
    }
  }
  return paths
}

export const GLOBALS_TAG = 'Globals'

/** The globals: read, update and permissions (and versions, where kept). */
export const globalPaths = (config: SanitizedConfig): PathItems => {
  const paths: PathItems = {}
  for (const global of config.globals as SanitizedGlobalConfig[]) {
    const { slug } = global
    const name = camel(slug)
    const tag = GLOBALS_TAG
    const label = typeof global.label === 'string' ? global.label : slug
    const builders: Record<string, () => PathItems> = {
      'get /': () => ({
        [`/globals/${slug}`]: {
          get: op(
            { operationId: `${name}_read`, summary: `Read ${label}`, tag },
            `The ${label} global (one record for the whole service).`,
            {
              parameters: [param('depth')],
              responses: {
                200: { content: json(ref(slug)), description: `The ${label}` },
                ...errorsOf({}),
              },
            },
          ),
        },
      }),
      'post /': () => ({
        [`/globals/${slug}`]: {
          post: op(
            { operationId: `${name}_update`, summary: `Update ${label}`, tag },
            `Changes the fields the body carries of the ${label} global.`,
            {
              parameters: [param('depth')],
              requestBody: changesBody(slug),
              responses: {
                200: {
                  content: json({
                    properties: { message: { type: 'string' }, result: ref(slug) },
                    required: ['message', 'result'],
                    type: 'object',
                  }),
                  description: 'Updated',
                },
                ...errorsOf({ body: true, extra: [423] }),
              },
            },
          ),
        },
      }),
      'post /access': () => ({
        [`/globals/${slug}/access`]: {
          post: op(
            { operationId: `${name}_access`, summary: `Permissions on ${label}`, tag },
            `What the caller may do with the ${label} global and each of its fields.`,
            { responses: { 200: permissions, ...errorsOf({}) }, security: PUBLIC },
          ),
        },
      }),
    }
    for (const endpoint of global.endpoints || []) {
      if (!global.versions && endpoint.path.startsWith('/versions')) continue
      const build = builders[`${endpoint.method} ${endpoint.path}`]
      if (!build)
        throw new Error(
          `globals/${slug}: ${endpoint.method} ${endpoint.path} is served but not documented`,
        )
      merge(paths, build())
    }
  }
  return paths
}

export const ROOT_TAG = 'Search and permissions'

/** Root routes that are not the commerce endpoints or the lookups (documented on their own). */
export const rootPaths = (): PathItems => ({
  '/access': {
    get: op(
      { operationId: 'access', summary: "The caller's permissions", tag: ROOT_TAG },
      'What the caller may do with every collection and global, per operation and field (the admin UI builds its menus from it).',
      { responses: { 200: permissions, ...errorsOf({}) }, security: PUBLIC },
    ),
  },
  '/search': {
    get: op(
      { operationId: 'search', summary: 'Search records', tag: ROOT_TAG },
      'The first matches of `q` among consumers, leads, contacts (by name), companies (by name), deals (by title) and vehicles (by VIN, make or model), read as the caller: a collection the caller may not read gives nothing, and nothing is matched on credit data.',
      {
        parameters: [
          {
            description: 'What to look for: 2 to 100 characters.',
            in: 'query',
            name: 'q',
            required: true,
            schema: { maxLength: 100, minLength: 2, type: 'string' },
          },
        ],
        responses: {
          200: {
            content: json({
              properties: {
                groups: {
                  items: {
                    properties: {
                      hits: {
                        items: {
                          properties: {
                            collection: { type: 'string' },
                            href: { type: 'string' },
                            id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
                            title: { type: 'string' },
                          },
                          required: ['collection', 'href', 'id', 'title'],
                          type: 'object',
                        },
                        type: 'array',
                      },
                      label: { type: 'string' },
                      total: { type: 'integer' },
                    },
                    required: ['hits', 'label', 'total'],
                    type: 'object',
                  },
                  type: 'array',
                },
                q: { type: 'string' },
              },
              required: ['groups', 'q'],
              type: 'object',
            }),
            description: 'The matches, per collection',
          },
          ...errorsOf({}),
        },
      },
    ),
  },
})

/** A version of a record, as `/versions` answers it: the record as it was, and when. */
export const versionSchema = {
  properties: {
    autosave: { type: 'boolean' },
    createdAt: { format: 'date-time', type: 'string' },
    id: { type: 'integer' },
    latest: { nullable: true, type: 'boolean' },
    parent: {
      description: 'The record this is a version of (its id at depth 0).',
      oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'object' }],
    },
    updatedAt: { format: 'date-time', type: 'string' },
    version: {
      additionalProperties: true,
      description: "The record's fields as they were.",
      type: 'object',
    },
  },
  required: ['id', 'parent', 'version', 'createdAt', 'updatedAt'],
  type: 'object',
}
