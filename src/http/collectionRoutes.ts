import fs from 'node:fs'
import path from 'node:path'

import type { RequestHandler } from 'express'
import type { Payload } from 'payload'
import * as qs from 'qs-esm'

import { CLOSED_COLLECTIONS } from '@/api/closedCollections'
import { hasSerialIds, isSerialId } from '@/db/ids'
import { messages } from '@/errors'
import { hasSchedules } from '@/jobs/config'

import { callerOf } from './caller'
import { answerUnavailable, refuse } from './input/refuse'

/** Saved admin-UI preferences: the admin UI reads and writes them over REST, for the signed-in staff user. */
const PREFERENCES = 'payload-preferences'
const PREFERENCE_BY_KEY =
  'A preference is saved by its key: POST /api/payload-preferences/{key} with {"value": …}'

type Route = { method: string; segments: string[] }

const SORT_RULE = (slug: string) =>
  `must name fields of ${slug}, each optionally preceded by - (descending), separated by commas`

/** Does `pattern` (`/:id`, `/versions/:id`, `/access/:id?`) match the path segments, and what is its `:id`? */
const matchRoute = (pattern: string, segments: string[]): { id?: string } | null => {
  const parts = pattern.split('/').filter(Boolean)
  const required = parts.filter((part) => !part.endsWith('?')).length
  if (segments.length < required || segments.length > parts.length) return null
  let id: string | undefined
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]
    if (part.startsWith(':')) {
      if (part.replace(/[:?]/g, '') === 'id') id = segment
    } else if (part !== segment) return null
  }
  return { id }
}

type CollectionRoutes = {
  /** Where an upload collection keeps its files on this node's disk (none with a bucket). */
  fileDir?: string
  /** The names a list's `sort` may start with: the collection's fields and its timestamps. */
  fields: Set<string>
  numericIds: boolean
  routes: Route[]
  verifies: boolean
  versions: boolean
}

/** What the checks need of each collection: numeric ids, its routes, whether it verifies e-mail. */
const exists = (file: string) =>
  fs.promises.stat(file).then(
    () => true,
    () => false,
  )

const routeTable = (payload: Payload): Map<string, CollectionRoutes> =>
  new Map(
    payload.config.collections.map((collection) => {
      const numericIds = hasSerialIds(payload, collection.slug)
      // Payload mounts /verify/:token on every auth collection, even without e-mail verification.
      const verifies = Boolean(collection.auth && collection.auth.verify)
      const routes: Route[] = (collection.endpoints || []).map((endpoint) => ({
        method: endpoint.method.toUpperCase(),
        segments: endpoint.path.split('/').filter(Boolean),
      }))
      const fileDir =
        collection.upload && !collection.upload.disableLocalStorage
          ? path.resolve(collection.upload.staticDir ?? collection.slug)
          : undefined
      const fields = new Set([
        'id',
        'createdAt',
        'updatedAt',
        ...collection.flattenedFields.map((field) => field.name),
      ])
      return [
        collection.slug,
        { fields, fileDir, numericIds, routes, verifies, versions: Boolean(collection.versions) },
      ]
    }),
  )

/** The `:id` of the collection route that the method and path segments call, if any. */
const routeIdOf = (collection: CollectionRoutes, method: string, segments: string[]) =>
  collection.routes
    .filter(
      (candidate) =>
        candidate.method === method || (method === 'HEAD' && candidate.method === 'GET'),
    )
    .map((candidate) => matchRoute(`/${candidate.segments.join('/')}`, segments))
    .find(Boolean)?.id

/** What a version's row has besides the record's fields (under `version.`). */
const VERSION_FIELDS = new Set([
  'autosave',
  'createdAt',
  'id',
  'latest',
  'parent',
  'publishedLocale',
  'snapshot',
  'updatedAt',
])

/** Does a sort item name a field of the list (a dotted path by its first part, `desk.timeZone`)? */
const sortsBy = (item: string, fields: Set<string>, versions: boolean): boolean => {
  const [first, second = ''] = item.replace(/^-/, '').split('.')
  if (!versions) return fields.has(first)
  return VERSION_FIELDS.has(first) || (first === 'version' && fields.has(second))
}

/**
 * The first item of a list's `sort` (`name`, `-createdAt`, `a,-b`, `sort[0]=a`) that names no
 * field: Payload would ignore it and answer in its default order, as if it had been obeyed.
 */
const unknownSortItem = (
  search: string,
  fields: Set<string>,
  versions: boolean,
): string | undefined => {
  const { sort } = qs.parse(search, { ignoreQueryPrefix: true }) as { sort?: unknown }
  const items = (Array.isArray(sort) ? sort : [sort])
    .flatMap((value) => (typeof value === 'string' ? value.split(',') : []))
    .map((item) => item.trim())
    .filter(Boolean)
  return items.find((item) => !sortsBy(item, fields, versions))
}

/** The lists that take a `sort`: the collection's, its CSV export, its versions. */
const SORTED_LISTS = new Set(['', 'export', 'versions'])

/**
 * Collection routes, checked before Payload: internal collections are closed (preferences are
 * for signed-in staff only), version routes of collections without versions, /handle-schedules without schedules and files no
 * record has are 404, and an id that a collection with numeric ids cannot hold (`abc`,
 * `1.5`, a number past the serial range) is 404 at once, instead of a database error.
 */
export const collectionRoutes = (payload: Payload): RequestHandler => {
  const collections = routeTable(payload)
  const schedules = hasSchedules(payload.config)
  return async (req, res, next) => {
    // Split before decoding: an encoded `/` belongs to its segment.
    const [slug, ...segments] = req.path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment))
    if (!slug) return next()
    if (CLOSED_COLLECTIONS.has(slug)) {
      return refuse(req, res, 404, messages.notFound)
    }
    if (slug === PREFERENCES) {
      const { kind } = await callerOf(payload, req, res)
      if (kind === 'unknown') return answerUnavailable(req, res)
      if (kind === 'anonymous') return refuse(req, res, 401, messages.unauthorized)
      if (kind !== 'staff') return refuse(req, res, 403, messages.forbidden)
      // `/{key}` names a preference by its key for GET, POST and DELETE; Payload's PATCH of one
      // record by its numeric id at the same place would be the one method reading it otherwise.
      if (req.method === 'PATCH' && segments.length === 1) {
        res.set('Allow', 'GET, POST, DELETE')
        return refuse(req, res, 405, PREFERENCE_BY_KEY)
      }
    }
    const collection = collections.get(slug)
    if (collection && !collection.verifies && segments[0] === 'verify') {
      return refuse(req, res, 404, messages.notFound)
    }
    // Payload mounts /versions on every collection and fails (500) on one that keeps none, and
    // /handle-schedules on its jobs, failing (500) when no job has a schedule.
    if (
      (collection && !collection.versions && segments[0] === 'versions') ||
      (slug === 'payload-jobs' && segments[0] === 'handle-schedules' && !schedules)
    ) {
      return refuse(req, res, 404, messages.notFound)
    }
    // A file no record has: Payload answers a file missing from the disk with a 500.
    if (collection?.fileDir && segments[0] === 'file' && segments.length === 2) {
      const file = path.resolve(collection.fileDir, segments[1])
      if (file.startsWith(collection.fileDir + path.sep) && !(await exists(file)))
        return refuse(req, res, 404, messages.notFound)
    }
    // A list sorted by something that is not a field: 400, as on the commerce lists.
    if (
      collection &&
      segments.length <= 1 &&
      SORTED_LISTS.has(segments[0] ?? '') &&
      ['GET', 'HEAD'].includes(req.method)
    ) {
      const search = req.url.split('?').slice(1).join('?')
      const unknown = unknownSortItem(search, collection.fields, segments[0] === 'versions')
      if (unknown !== undefined)
        return refuse(req, res, 400, `sort ${SORT_RULE(slug)}`, {
          field: 'sort',
          message: `${SORT_RULE(slug)}: "${unknown.slice(0, 100)}" is not one`,
        })
    }
    if (!collection?.numericIds || segments.length === 0) return next()
    const id = routeIdOf(collection, req.method, segments)
    if (id !== undefined && !isSerialId(id)) {
      return refuse(req, res, 404, messages.notFound)
    }
    next()
  }
}
