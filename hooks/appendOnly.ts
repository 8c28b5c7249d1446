/**
 * Records that read as they happened: one mechanism for the compliance records the law wants a
 * history of (consents, consumer requests, legal holds, adverse-action notices, do-not-contact
 * requests; docs/compliance.md, "Records kept as they happened"). A collection declares what it
 * keeps in `custom.appendOnly` and `withAppendOnly` (plugins/commerce) gives it the hooks and
 * fields that enforce it:
 *
 * - `sealed`: the whole record is never changed or deleted by any caller (403 with this text);
 * - `fields`: a value, once set, never changes (400 naming the field);
 * - `corrections`: a value, once set, changes only through a recorded correction: the caller
 *   sends `correctionReason` with the new value, and the record keeps in `corrections` which
 *   field, the old and the new value, why, who and when; an audit entry names it;
 * - `times`: times a caller gives (when something happened elsewhere) are not in the future:
 *   more than CLOCK_SKEW_MS ahead of the service's clock is a 400 naming the field, and within it
 *   the value stored is now; `notBefore` names another time of the record it may not precede.
 *
 * These apply to every write, the service's own included; only SQL bypasses them.
 */
import {
  APIError,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type Field,
  type FlattenedField,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import { recordAudit } from '@/creditData/audit'
import { holdsSsn } from '@/creditData/ssnInText'
import { relationId } from '@/lib/relationId'
import { visibleLength } from '@/lib/visibleLength'

import { nobodyFieldLevel } from '../access/nobody'

/**
 * How far ahead of the service's clock a caller's time may be (a capturing system's clock a
 * little fast): 5 minutes. Beyond it the time is refused; within it, the time stored is now.
 */
export const CLOCK_SKEW_MS = 5 * 60_000

export type AppendOnly = {
  /** Set: nobody changes or deletes a record (403 with this message). */
  sealed?: string
  /** Fields that never change once set. */
  fields?: string[]
  /** Fields that change once set only through a recorded correction. */
  corrections?: string[]
  /** Times given by callers: not in the future (beyond the skew), not before `notBefore`. */
  times?: (string | { field: string; notBefore: string })[]
  /** What to do instead of changing a fixed field, for the refusal. */
  advice?: string
}

type Rules = Required<Pick<AppendOnly, 'advice' | 'corrections' | 'fields'>> & {
  sealed?: string
  times: { field: string; notBefore?: string }[]
}

type Problem = { message: string; path: string }

/** The collection's declaration, with its defaults; undefined for a collection without one. */
export const appendOnlyOf = (collection: Pick<CollectionConfig, 'custom'>): Rules | undefined => {
  const declared = collection.custom?.appendOnly
  if (!declared) return undefined
  return {
    advice: declared.advice ?? 'the record is kept as it happened',
    corrections: declared.corrections ?? [],
    fields: declared.fields ?? [],
    sealed: declared.sealed,
    times: (declared.times ?? []).map((time) =>
      typeof time === 'string' ? { field: time } : time,
    ),
  }
}

/** Does a relation at `path` of this collection keep what it names (stillReferenced)? */
export const keepsRelation = (collection: Pick<CollectionConfig, 'custom'>, path: string) => {
  const rules = appendOnlyOf(collection)
  return Boolean(rules && (rules.sealed || rules.fields.includes(path)))
}

/** Who is writing: a staff user by name and e-mail, an API client by name, else the service. */
export const recorderOf = (user: PayloadRequest['user']): { account: string; name: string } => {
  if (user?.collection === 'users')
    return {
      account: `users:${user.id}`,
      name: user.name ? `${user.name} <${user.email}>` : user.email,
    }
  if (user?.collection === 'api-clients')
    return { account: `api-clients:${user.id}`, name: `API client "${user.name}"` }
  return { account: 'system', name: 'the service' }
}

const timeOf = (value: unknown): number =>
  typeof value === 'string' || value instanceof Date ? new Date(value).getTime() : Number.NaN

const isSet = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0)

/** A value as JSON with its keys sorted and array rows' ids left out, to compare. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) => {
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return inner
    return Object.fromEntries(
      Object.entries(inner)
        .filter(([key]) => key !== 'id')
        .sort(([a], [b]) => a.localeCompare(b)),
    )
  })

/** Whether a field's stored value and the one being written are the same, by its type. */
const sameValue = (field: FlattenedField | undefined, stored: unknown, written: unknown) => {
  if (!isSet(stored) || !isSet(written)) return isSet(stored) === isSet(written)
  if (field?.type === 'date') return timeOf(stored) === timeOf(written)
  if (field?.type === 'relationship' || field?.type === 'upload') {
    const ids = (value: unknown) =>
      (Array.isArray(value) ? value : [value]).map((item) => String(relationId(item)))
    return canonical(ids(stored)) === canonical(ids(written))
  }
  return canonical(stored) === canonical(written)
}

/** How an old or new value reads in a correction. */
const shown = (field: FlattenedField | undefined, value: unknown): null | string => {
  if (!isSet(value)) return null
  if (field?.type === 'date') return new Date(timeOf(value)).toISOString()
  if (field?.type === 'relationship' || field?.type === 'upload') return String(relationId(value))
  return typeof value === 'string' ? value : JSON.stringify(value)
}

const MIN_REASON = 10

/** beforeOperation: a sealed record is neither changed nor deleted (403; 401 is left to access). */
export const refuseAppendOnlyChanges: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
}) => {
  const sealed = appendOnlyOf(collection)?.sealed
  if (
    sealed &&
    ['delete', 'deleteByID', 'update', 'updateByID'].includes(operation) &&
    args.req?.user
  )
    throw new APIError(sealed, 403, null, true)
  return args
}

/** The caller's times: refused beyond the skew, now within it, and after `notBefore`. */
const checkTimes = (
  rules: Rules,
  data: Record<string, unknown>,
  originalDoc: Record<string, unknown> | undefined,
  problems: Problem[],
) => {
  const now = Date.now()
  for (const { field, notBefore } of rules.times) {
    if (problems.some(({ path }) => path === field)) continue
    const at = timeOf(data[field])
    // Not a date-time: the field's own check names it. Unchanged: not the caller's to judge again.
    if (!Number.isFinite(at) || (originalDoc && timeOf(originalDoc[field]) === at)) continue
    if (at > now + CLOCK_SKEW_MS) {
      problems.push({
        message: `must not be in the future (more than ${CLOCK_SKEW_MS / 60_000} minutes ahead of the service's clock)`,
        path: field,
      })
      continue
    }
    const stored = Math.min(at, now)
    if (stored !== at) data[field] = new Date(now).toISOString()
    if (!notBefore) continue
    // A record being made now was made now; another time it lacks sets no floor.
    const floor = timeOf(
      originalDoc?.[notBefore] ??
        data[notBefore] ??
        (notBefore === 'createdAt' ? new Date(now) : null),
    )
    if (Number.isFinite(floor) && stored < floor)
      problems.push({ message: `must not be before ${notBefore}`, path: field })
  }
}

/**
 * beforeChange, before the collection's own hooks: the caller's times checked (and clamped), a
 * fixed field's change refused, a corrected field's change recorded with its reason.
 */
export const keepAppendOnly: CollectionBeforeChangeHook = ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  const rules = appendOnlyOf(collection)
  if (!rules) return data
  const problems: Problem[] = []
  const before = operation === 'update' ? originalDoc : undefined
  const fieldOf = (name: string) => collection.flattenedFields.find((field) => field.name === name)
  const changed = (name: string) =>
    before !== undefined &&
    isSet(before[name]) &&
    name in data &&
    !sameValue(fieldOf(name), before[name], data[name])
  for (const name of rules.fields)
    if (changed(name))
      problems.push({ message: `cannot change once set: ${rules.advice}`, path: name })
  // A fixed field refused is not judged again as a time.
  checkTimes(rules, data, before, problems)
  if (rules.corrections.length) {
    const reason =
      typeof data.correctionReason === 'string' ? data.correctionReason.trim() : undefined
    delete data.correctionReason
    const corrected = rules.corrections.filter(changed)
    for (const name of corrected)
      if (!reason)
        problems.push({
          message:
            'changes only through a correction: send correctionReason (why the recorded value was wrong); the old value is kept with it',
          path: name,
        })
    // Counted as seen: spaces and invisible characters (zero-width spaces) are no reason.
    if (reason !== undefined && corrected.length && visibleLength(reason) < MIN_REASON)
      problems.push({
        message: `must be at least ${MIN_REASON} characters, not counting spaces or invisible ones`,
        path: 'correctionReason',
      })
    if (holdsSsn(reason))
      problems.push({ message: 'must not hold a social security number', path: 'correctionReason' })
    if (!problems.length) {
      const by = recorderOf(req.user)
      const at = new Date().toISOString()
      data.corrections = [
        ...((before?.corrections as unknown[] | undefined) ?? []),
        ...corrected.map((name) => ({
          at,
          by: by.name,
          byAccount: by.account,
          field: name,
          from: shown(fieldOf(name), before![name]),
          reason,
          to: shown(fieldOf(name), data[name]),
        })),
      ]
    }
  }
  if (problems.length)
    throw new ValidationError({ collection: collection.slug, errors: problems, req })
  return data
}

/** afterChange: each correction the write made gets an audit entry (fields named, not values). */
export const auditCorrections: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  if (operation !== 'update') return doc
  const made = ((doc.corrections ?? []) as { field: string }[]).slice(
    (previousDoc?.corrections ?? []).length,
  )
  if (made.length)
    await recordAudit(req, {
      action: 'update',
      collection: collection.slug,
      fields: [...new Set([...made.map((correction) => correction.field), 'corrections'])].sort(),
      recordId: String(doc.id),
    })
  return doc
}

const serviceOnly = { create: nobodyFieldLevel, update: nobodyFieldLevel }

/** The record of corrections and the reason a caller gives for one. */
const correctionFields = (names: string[]): Field[] => [
  {
    name: 'correctionReason',
    type: 'textarea',
    admin: {
      description: `Required to change ${names.join(' or ')} once set: why the recorded value was wrong. Kept with the correction.`,
      readOnly: false,
    },
    label: 'Reason for a correction',
    virtual: true,
  },
  {
    name: 'corrections',
    type: 'array',
    access: serviceOnly,
    admin: {
      description: 'Each correction: the field, its old and new value, why, who and when.',
      readOnly: true,
    },
    fields: [
      {
        type: 'row',
        fields: [
          { name: 'field', type: 'text', required: true },
          { name: 'from', type: 'text' },
          { name: 'to', type: 'text' },
        ],
      },
      { name: 'reason', type: 'textarea', required: true },
      {
        type: 'row',
        fields: [
          { name: 'by', type: 'text' },
          { name: 'byAccount', type: 'text', label: 'By (account)' },
          { name: 'at', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        ],
      },
    ],
  },
]

/** Names of the fields that hold data, through rows, collapsibles and unnamed tabs. */
const dataFieldNames = (fields: Field[]): string[] =>
  fields.flatMap((field) => {
    if ('name' in field && field.name) return [field.name]
    if ('fields' in field) return dataFieldNames(field.fields)
    if (field.type === 'tabs')
      return field.tabs.flatMap((tab) => ('name' in tab ? [tab.name] : dataFieldNames(tab.fields)))
    return []
  })

/**
 * Gives a collection that declares `custom.appendOnly` its hooks (before its own) and, when it
 * names corrected fields, the `corrections` record. A name that is no field of the collection
 * fails the config.
 */
export const withAppendOnly = (collection: CollectionConfig): CollectionConfig => {
  const rules = appendOnlyOf(collection)
  if (!rules) return collection
  const known = new Set(dataFieldNames(collection.fields))
  const named = [
    ...rules.fields,
    ...rules.corrections,
    ...rules.times.flatMap(({ field, notBefore }) => [field, notBefore ?? field]),
  ]
  const unknown = named.filter((name) => !known.has(name) && name !== 'createdAt')
  if (unknown.length)
    throw new Error(`${collection.slug}: custom.appendOnly names no field ${unknown.join(', ')}`)
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    fields: rules.corrections.length
      ? [...collection.fields, ...correctionFields(rules.corrections)]
      : collection.fields,
    hooks: {
      ...hooks,
      afterChange: rules.corrections.length
        ? [...(hooks.afterChange ?? []), auditCorrections]
        : hooks.afterChange,
      beforeChange: [keepAppendOnly, ...(hooks.beforeChange ?? [])],
      beforeOperation: rules.sealed
        ? [refuseAppendOnlyChanges, ...(hooks.beforeOperation ?? [])]
        : hooks.beforeOperation,
    },
  }
}
