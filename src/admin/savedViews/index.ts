/**
 * Saved views: Payload's query presets (a list's filter, columns and sort, saved under a name),
 * private or shared, on the lists of collections that declare `enableQueryPresets: true`. Staff
 * users (any staff role) keep and share them; API clients have none. Besides Payload's "Only
 * me", "Everyone" and "Specific users", a preset can be given to "Staff admins" for reading,
 * changing or deleting it: the shipped ones are read by everyone and changed by staff admins. A
 * view stays within its author's dealership, or the house (./dealerships.ts), and its filter
 * never names credit data.
 *
 * A preset's filter is fixed JSON, so the shipped ones name "me" and "now" by placeholders,
 * replaced with the reader's id and the time whenever a preset is read (the admin UI reads it when
 * it is picked): `{{me}}`, `{{now}}`, `{{startOfToday}}` (midnight UTC, as the dashboard's days).
 */
import {
  type CollectionAfterReadHook,
  type CollectionBeforeValidateHook,
  type Config,
  type Payload,
  type PayloadRequest,
  type SanitizedConfig,
  ValidationError,
} from 'payload'

import { sensitivePathIn } from '@/creditData'
import { isRecord } from '@/lib/isRecord'
import { conditionsIn, mapConditions } from '@/lib/whereTree'

import { isStaff } from '../../../access/isStaff'
import { isStaffAdmin } from '../../../access/isStaffAdmin'
import { constraintsOffered, keepWithinSide, viewsOfOwnSide } from './dealerships'
import { placeholderValues } from './placeholders'
import { PRESETS_SLUG } from './slug'

export { shipSavedViews } from './shipped'
export { PRESETS_SLUG }

type Constraint = NonNullable<NonNullable<Config['queryPresets']>['constraints']['read']>[number]

const toStaffAdmins: Constraint = {
  access: isStaffAdmin,
  label: 'Staff admins',
  value: 'staffAdmins',
}

export const queryPresets: NonNullable<Config['queryPresets']> = {
  access: {
    create: isStaff,
    delete: viewsOfOwnSide,
    read: viewsOfOwnSide,
    update: viewsOfOwnSide,
  },
  constraints: { delete: [toStaffAdmins], read: [toStaffAdmins], update: [toStaffAdmins] },
  filterConstraints: constraintsOffered,
  labels: { plural: 'Saved views', singular: 'Saved view' },
}

const resolve = (value: unknown, values: Record<string, unknown>): unknown => {
  if (typeof value === 'string') return Object.hasOwn(values, value) ? values[value] : value
  if (Array.isArray(value)) return value.map((item) => resolve(item, values))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolve(item, values)]),
    )
  return value
}

/**
 * The list's filter builder drops a condition whose value is `false` (it reads the value as
 * `value || undefined` and writes that back): "not merged", `{mergedInto: {exists: false}}`,
 * vanished as soon as the view was picked. Written as the builder writes it, `"false"`, it stays;
 * Payload reads both alike.
 */
const existsAsText = (where: unknown): unknown =>
  mapConditions(where, (value, operator) =>
    operator === 'exists' && typeof value === 'boolean' ? String(value) : value,
  )

const resolvePlaceholders: CollectionAfterReadHook = ({ context, doc, req }) =>
  doc?.where && !context.savedViewsAsStored
    ? {
        ...doc,
        where: existsAsText(resolve(doc.where, placeholderValues(req.user?.id))),
      }
    : doc

/** A filter object: `and`/`or` lists of filters, every other key a field's `{operator: value}`. */
const isFilter = (where: unknown): boolean =>
  isRecord(where) &&
  Object.entries(where).every(([key, value]) =>
    key === 'and' || key === 'or' ? Array.isArray(value) && value.every(isFilter) : isRecord(value),
  )

const isColumn = (column: unknown) =>
  isRecord(column) &&
  typeof column.accessor === 'string' &&
  (column.active === undefined || typeof column.active === 'boolean')

/** The credit-data field a view's filter or grouping names, with the view's field naming it. */
const creditDataNamed = (req: PayloadRequest, data: Record<string, unknown>) =>
  [
    { path: 'where', paths: conditionsIn(data.where).map(({ path }) => path) },
    { path: 'groupBy', paths: typeof data.groupBy === 'string' ? [data.groupBy] : [] },
  ].flatMap(({ path, paths }) => {
    const field = sensitivePathIn(req.payload.config, paths)
    return field ? [{ message: `names ${field}, credit data, which no view may keep`, path }] : []
  })

/**
 * A view's filter and columns are JSON fields that the list view reads as Payload writes them: a
 * filter object, a list of `{accessor, active}`. Anything else is refused (400) before it is
 * kept, rather than breaking the list of whoever picks the view. Nor does a view keep a filter or
 * grouping on credit data (an SSN, a birth date: src/creditData), which the list would refuse
 * anyway and which would keep the value in clear for everyone the view is shared with.
 */
const checkShape: CollectionBeforeValidateHook = ({ data, req }) => {
  const errors: { message: string; path: string }[] = []
  if (data?.where != null && !isFilter(data.where))
    errors.push({ message: 'must be a filter object', path: 'where' })
  if (isRecord(data)) errors.push(...creditDataNamed(req, data))
  if (data?.columns != null && !(Array.isArray(data.columns) && data.columns.every(isColumn)))
    errors.push({
      message: 'must be a list of {"accessor": "<field>", "active": true}',
      path: 'columns',
    })
  if (errors.length) throw new ValidationError({ collection: PRESETS_SLUG, errors }, req.t)
  return data
}

/**
 * Payload adds the presets' collection while it builds the config, after every option that could
 * add a hook to it: the placeholders', the shape check's and the sides' hooks are added once
 * Payload is up (config `onInit`), after Payload's own.
 */
export const resolvePresetPlaceholders = (payload: Payload): void => {
  const hooks = payload.collections[PRESETS_SLUG]?.config.hooks
  if (hooks && !hooks.afterRead.includes(resolvePlaceholders))
    hooks.afterRead.push(resolvePlaceholders)
  for (const hook of [checkShape, keepWithinSide])
    if (hooks && !hooks.beforeValidate.includes(hook)) hooks.beforeValidate.push(hook)
}

/**
 * The saved views' list (the picker above a list) shows each view's filter in words
 * (./FiltersCell.tsx) instead of Payload's cell, which prints only the first condition, as code.
 * Payload adds the collection while it sanitizes the config, so the cell is set on the built config.
 */
export const readableFilters = (config: SanitizedConfig): SanitizedConfig => {
  const where = config.collections
    .find((collection) => collection.slug === PRESETS_SLUG)
    ?.fields.find((field) => 'name' in field && field.name === 'where')
  if (where?.type === 'json')
    where.admin = {
      ...where.admin,
      components: {
        ...where.admin?.components,
        Cell: '/src/admin/savedViews/FiltersCell#FiltersCell',
      },
    }
  return config
}
