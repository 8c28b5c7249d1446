/**
 * Payload's REST API as the service serves it, read from the sanitized config: for every
 * collection its list, by-id, `/count`, `/versions`, `/access`, bulk PATCH and DELETE, the
 * endpoints it adds (`/export`, `/import`, actions), the sign-in routes of the two auth
 * collections, the globals, and the root routes (`/access`, `/search`). A route the config mounts
 * that no builder here knows fails the build of the document (and so its test): nothing is
 * served undocumented.
 */
import type { Endpoint, SanitizedCollectionConfig, SanitizedConfig } from 'payload'

import { hasSchedules } from '@/jobs/config'
import { isRecord } from '@/lib/isRecord'

import { param, sharedParameters } from '../parameters'
import type { Records } from '../records'
import { json, type Obj, ref } from '../responses'
import { ROUTES } from './collectionRoutes'
import {
  camel,
  changesBody,
  Context,
  errorsOf,
  op,
  Operation,
  PathItems,
  permissions,
  pluralOf,
  PUBLIC,
  servedCollections,
} from './shared'

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
  // A preference is named by its key at `/{key}`; its PATCH by numeric id is refused there (405).
  if (collection.slug === 'payload-preferences' && endpoint.method === 'patch' && path === '/:id')
    return true
  // A collection that signs in by API key alone has no session to refresh or end (403 for a key).
  if (
    collection.auth?.disableLocalStrategy &&
    endpoint.method === 'post' &&
    ['/logout', '/refresh-token'].includes(path)
  )
    return true
  return false
}

/**
 * A global as Payload answers it: once stored (first saved), with its slug as `globalType`; before
 * that, its defaults without it.
 */
const storedGlobal = (slug: string): Obj => ({
  allOf: [ref(slug), { properties: { globalType: { type: 'string' } }, type: 'object' }],
})

const isSharedName = (name: string): name is keyof typeof sharedParameters =>
  Object.hasOwn(sharedParameters, name)

/** The shared parameter a `$ref` (`#/components/parameters/id`) names. */
const sharedParameter = (ref: string): Obj => {
  const name = ref.split('/').pop() ?? ''
  if (!isSharedName(name)) throw new Error(`${ref} names no shared parameter`)
  return sharedParameters[name]
}

/** The path parameters of `operation` renamed, in order, to those of `template`. */
const renamePathParams = (operation: Operation, template: string): Operation => {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
  let index = 0
  if (!Array.isArray(operation.parameters)) return operation
  const parameters = operation.parameters.map((parameter: unknown) => {
    if (!isRecord(parameter)) return parameter
    const resolved: Obj =
      typeof parameter.$ref === 'string' ? sharedParameter(parameter.$ref) : parameter
    return resolved.in === 'path' ? { ...resolved, name: names[index++] } : parameter
  })
  return { ...operation, parameters }
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
  for (const global of config.globals) {
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
                200: { content: json(storedGlobal(slug)), description: `The ${label}` },
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
                    properties: {
                      message: { type: 'string' },
                      result: storedGlobal(slug),
                    },
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
      "The first matches of `q` among consumers, leads, credit apps, contacts, companies, deals and vehicles, each searched as its list's search box searches it (names, e-mail, phone numbers in any format for staff users, VIN, make or model), read as the caller: a collection the caller may not read gives nothing, and nothing is matched on credit data. Each hit may carry a `detail` line (phone, e-mail, store) and each group the `href` of its list with the same search.",
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
                            detail: { type: 'string' },
                            href: { type: 'string' },
                            id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
                            title: { type: 'string' },
                          },
                          required: ['collection', 'href', 'id', 'title'],
                          type: 'object',
                        },
                        type: 'array',
                      },
                      href: { type: 'string' },
                      label: { type: 'string' },
                      total: { type: 'integer' },
                    },
                    required: ['hits', 'href', 'label', 'total'],
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

export { inputSchemas, servedCollections, versionSchema } from './shared'
