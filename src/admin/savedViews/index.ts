/**
 * Saved views: Payload's query presets (a list's filter, columns and sort, saved under a name),
 * private or shared. Staff users (any staff role) keep and share them; API clients have none.
 * Besides Payload's "Only me", "Everyone" and "Specific users", a preset can be given to "Staff
 * admins" for reading, changing or deleting it: the shipped ones are read by everyone and changed
 * by staff admins.
 *
 * A preset's filter is fixed JSON, so the shipped ones name "me" and "now" by placeholders,
 * replaced with the reader's id and the time whenever a preset is read (the admin UI reads it when
 * it is picked): `{{me}}`, `{{now}}`, `{{startOfToday}}` (midnight UTC, as the dashboard's days).
 */
import {
  type CollectionAfterReadHook,
  type CollectionBeforeValidateHook,
  type CollectionConfig,
  type Config,
  type Payload,
  type PayloadRequest,
  ValidationError,
  type Where,
} from 'payload'

import { isRecord } from '@/lib/isRecord'

import { isStaff } from '../../../access/isStaff'
import { isStaffAdmin } from '../../../access/isStaffAdmin'

export const PRESETS_SLUG = 'payload-query-presets'

type Constraint = NonNullable<NonNullable<Config['queryPresets']>['constraints']['read']>[number]

/** The lists that offer saved views. */
export const PRESET_COLLECTIONS: ReadonlySet<string> = new Set([
  'company',
  'consumer',
  'contact',
  'credit-app',
  'customer',
  'deal',
  'errors',
  'lead',
  'leadEvents',
  'vdpEmails',
])

export const withSavedViews = (collections: CollectionConfig[]): CollectionConfig[] =>
  collections.map((collection) =>
    PRESET_COLLECTIONS.has(collection.slug)
      ? { ...collection, enableQueryPresets: true }
      : collection,
  )

const toStaffAdmins: Constraint = {
  access: isStaffAdmin,
  label: 'Staff admins',
  value: 'staffAdmins',
}

export const queryPresets: NonNullable<Config['queryPresets']> = {
  access: { create: isStaff, delete: isStaff, read: isStaff, update: isStaff },
  constraints: { delete: [toStaffAdmins], read: [toStaffAdmins], update: [toStaffAdmins] },
  labels: { plural: 'Saved views', singular: 'Saved view' },
}

const placeholders = (req: PayloadRequest): Record<string, unknown> => {
  const now = new Date()
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  return {
    '{{me}}': req.user?.id,
    '{{now}}': now.toISOString(),
    '{{startOfToday}}': today.toISOString(),
  }
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

const resolvePlaceholders: CollectionAfterReadHook = ({ doc, req }) =>
  doc?.where ? { ...doc, where: resolve(doc.where, placeholders(req)) } : doc

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

/**
 * A view's filter and columns are JSON fields that the list view reads as Payload writes them: a
 * filter object, a list of `{accessor, active}`. Anything else is refused (400) before it is
 * kept, rather than breaking the list of whoever picks the view.
 */
const checkShape: CollectionBeforeValidateHook = ({ data, req }) => {
  const errors: { message: string; path: string }[] = []
  if (data?.where != null && !isFilter(data.where))
    errors.push({ message: 'must be a filter object', path: 'where' })
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
 * add a hook to it: the placeholders' and the shape check's hooks are added once Payload is up
 * (config `onInit`).
 */
export const resolvePresetPlaceholders = (payload: Payload): void => {
  const hooks = payload.collections[PRESETS_SLUG]?.config.hooks
  if (hooks && !hooks.afterRead.includes(resolvePlaceholders))
    hooks.afterRead.push(resolvePlaceholders)
  if (hooks && !hooks.beforeValidate.includes(checkShape)) hooks.beforeValidate.push(checkShape)
}

type Shipped = {
  columns: string[]
  relatedCollection: string
  title: string
  /** Conditions all met, kept in the filter builder's form (`{or: [{and: […]}]}`). */
  where: Where[]
}

const SHIPPED: Shipped[] = [
  {
    columns: ['title', 'followUpDue', 'currentStatus', 'source', 'createdAt'],
    relatedCollection: 'lead',
    title: 'My leads due',
    where: [
      { assignee: { equals: '{{me}}' } },
      { followUpDue: { less_than_equal: '{{now}}' } },
      { mergedInto: { exists: false } },
    ],
  },
  {
    columns: ['title', 'assignee', 'source', 'phoneNumber', 'createdAt'],
    relatedCollection: 'lead',
    title: 'Uncontacted today',
    where: [
      { createdAt: { greater_than_equal: '{{startOfToday}}' } },
      { firstContactedAt: { exists: false } },
      { mergedInto: { exists: false } },
    ],
  },
  {
    columns: ['title', 'provider', 'providerSubmission.status', 'updatedAt'],
    relatedCollection: 'credit-app',
    title: 'Failed submissions',
    where: [{ 'providerSubmission.status': { equals: 'failed' } }],
  },
]

/**
 * Creates the shipped saved views that do not exist yet (found by title and list), on every
 * start: they do not depend on the demo data or a migration, and one deleted stays deleted only
 * until the next start.
 */
export const shipSavedViews = async (payload: Payload): Promise<void> => {
  for (const view of SHIPPED) {
    const { totalDocs } = await payload.count({
      collection: PRESETS_SLUG,
      where: {
        and: [
          { title: { equals: view.title } },
          { relatedCollection: { equals: view.relatedCollection } },
        ],
      },
    })
    if (totalDocs) continue
    await payload.create({
      collection: PRESETS_SLUG,
      data: {
        access: {
          delete: { constraint: 'staffAdmins' },
          read: { constraint: 'everyone' },
          update: { constraint: 'staffAdmins' },
        },
        columns: view.columns.map((accessor) => ({ accessor, active: true })),
        isShared: true,
        relatedCollection: view.relatedCollection,
        title: view.title,
        where: { or: [{ and: view.where }] },
      } as never,
    })
  }
}
