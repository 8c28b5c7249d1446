/**
 * What the compiled writes (leadEventPatch.ts, consumerCreate.ts, creditAppCreate.ts,
 * errorCreate.ts, leadCreate.ts, vdpEmailCreate.ts, vdpEmailPatch.ts) share: their switch, their
 * transaction, and the checks that they still know all Payload would do (the collection's hooks,
 * the caller, access on create and update, each field's validator).
 */
import {
  commitTransaction,
  type FieldHook,
  initTransaction,
  killTransaction,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type TypedUser,
  type Validate,
} from 'payload'

import { forgetDataKeys } from '@/creditData/consumerKeys'
import { hasReadReplicas, readFromPrimaryForAWhile } from '@/db/replicas'
import { transactionDb } from '@/db/transaction'
import { cachedSetting } from '@/lib/cachedSetting'
import { isRecord } from '@/lib/isRecord'
import { settings } from '@/lib/settings'
import { eventPayload, type EventType } from '@/webhooks/events'
import { deliveriesStatement } from '@/webhooks/outbox'

import { readsNothing } from '../../hooks/writeOnlyAnswers'

/** The COMPILED_WRITES switch (docs/configuration.md): false sends every write through Payload. */
export const compiledWritesOn = cachedSetting(
  'COMPILED_WRITES',
  () => settings('database').COMPILED_WRITES,
)

/**
 * Thrown by a compiled write that cannot tell whether it wrote (the connection was lost with a
 * statement in flight): Payload must not write it again. orPayload throws the cause on, and the
 * caller answers it as any lost database (503, try again).
 */
export class OutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('a compiled write may or may not have been written', { cause })
  }
}

/**
 * Runs a compiled write; one that fails is logged and answered undefined, so that Payload's write,
 * which then runs, meets the same trouble (a database away) and answers it as it answers any write.
 * A compiled write that keeps failing is a write the service makes twice: hence the warning.
 */
export const orPayload = <T>(
  req: PayloadRequest,
  write: () => Promise<T | undefined>,
): Promise<T | undefined> =>
  write().catch((error: unknown) => {
    if (error instanceof OutcomeUnknown) throw error.cause
    req.payload.logger.warn({ err: error }, 'a compiled write failed: Payload writes it')
    return undefined
  })

/**
 * Runs a compiled write in a transaction of the request's own and commits what it answers. When it
 * answers undefined (Payload must write it) or fails before the commit, it is rolled back and the
 * answer is undefined: nothing was written, and Payload's write, which then runs, meets the same
 * trouble (a database away, a deadlock) and answers it as it answers any write (a failure is
 * logged: a compiled write that keeps failing is a write the service makes twice). Within a
 * transaction the request already runs it answers undefined at once. A failed commit is thrown.
 */
export const inOwnTransaction = async <T>(
  req: PayloadRequest,
  write: () => Promise<T | undefined>,
): Promise<T | undefined> => {
  // Within a transaction the request already runs, a rollback would not be this write's alone.
  if (!(await initTransaction(req))) return undefined
  const written = await orPayload(req, write)
  if (written === undefined) {
    await killTransaction(req).catch(() => {})
    // A data key the write made went with the transaction: Payload's write must make its own.
    forgetDataKeys(req)
    return undefined
  }
  await commitTransaction(req)
  readFromPrimaryForAWhile(req.payload)
  return written
}

/**
 * What a compiled write relies on in a collection, as text: its hooks by name, one line per kind;
 * the fields that have hooks, by kind; and its fields in order, each with what changes what Payload
 * writes or answers for it (a default value, read access of its own, hidden, localized).
 */
export const hookSignature = (config: SanitizedCollectionConfig): string => {
  const named = (hooks: unknown) =>
    (Array.isArray(hooks) ? hooks : []).map((hook: { name?: string }) => hook.name).join(',')
  const collection = Object.entries(config.hooks)
    .filter(([, hooks]) => Array.isArray(hooks) && hooks.length)
    .map(([kind, hooks]) => `${kind}:${named(hooks)}`)
    .sort()
  const fields = config.flattenedFields
    .flatMap((field) =>
      Object.entries(('hooks' in field && field.hooks) || {})
        .filter(([, hooks]) => Array.isArray(hooks) && hooks.length)
        .map(
          ([kind, hooks]) => `${field.name}.${kind}${hooks.length > 1 ? `×${hooks.length}` : ''}`,
        ),
    )
    .sort()
  const shape = config.flattenedFields.map((field) => {
    const marks = [
      'defaultValue' in field && field.defaultValue !== undefined ? 'default' : '',
      'access' in field && field.access?.read ? 'read' : '',
      'hidden' in field && field.hidden ? 'hidden' : '',
      'localized' in field && field.localized ? 'localized' : '',
    ].filter(Boolean)
    return [`${field.name}:${field.type}`, ...marks].join('+')
  })
  return [...collection, `field:${fields.join(',')}`, `shape:${shape.join(',')}`].join('\n')
}

const checkedHooks = new WeakMap<SanitizedCollectionConfig, Map<string, boolean>>()

/**
 * Whether the collection is still `expected` (hookSignature), the one a compiled write does the
 * work of. Another hook, field or setting means Payload's write may do what the compiled one does
 * not: it then never compiles, with a warning once, and the write's test, which expects it to,
 * fails.
 */
export const hooksAsWritten = (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  expected: string,
): boolean => {
  let known = checkedHooks.get(config)
  if (!known) checkedHooks.set(config, (known = new Map()))
  let same = known.get(expected)
  if (same === undefined) {
    same = hookSignature(config) === expected
    known.set(expected, same)
    if (!same)
      req.payload.logger.warn(
        `the ${config.slug} collection is not the one its compiled write was written against: Payload writes them all`,
      )
  }
  return same
}

/**
 * Whether a compiled write may run at all: its own switch (off in the tests that compare it with
 * Payload's) and COMPILED_WRITES on, no read replicas (a compiled answer could read a lagging one),
 * and the collection still the one it was written against (`hooks`, see hooksAsWritten).
 */
export const mayCompile = (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  compiled: { enabled: boolean },
  hooks: string,
): boolean =>
  compiled.enabled &&
  compiledWritesOn() &&
  !hasReadReplicas(req.payload) &&
  hooksAsWritten(req, config, hooks)

/**
 * An API client that reads what it writes: a lead-source key's create answers the id alone
 * (hooks/writeOnlyAnswers.ts), which only the lead create's compiled write (leadCreate.ts) answers.
 */
export const readsWhatItWrites = (user: null | TypedUser | undefined): boolean =>
  user?.collection === 'api-clients' && !readsNothing(user)

/**
 * The body, when it holds only text values of `fields` that `accept` takes (any text when not
 * given); else undefined.
 */
export const textBodyOf = <F extends string>(
  body: unknown,
  fields: readonly F[],
  accept: (value: string) => boolean = () => true,
): Partial<Record<F, string>> | undefined => {
  if (!isRecord(body)) return undefined
  const names = new Set<string>(fields)
  const entries = Object.entries(body)
  if (
    entries.some(([name, value]) => !names.has(name) || typeof value !== 'string' || !accept(value))
  )
    return undefined
  return body as Partial<Record<F, string>>
}

/**
 * The deliveries of a compiled create to `endpoints` subscribed to `event`, in the request's
 * transaction: the record at depth 0 as this write left it, read as the outbox reads it
 * (src/webhooks/outbox.ts).
 */
export const writeDeliveries = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  id: number | string,
  event: EventType,
  endpoints: { id: number }[],
): Promise<void> => {
  const stored = await req.payload.findByID({ collection: config.slug, depth: 0, id, req })
  const payload = eventPayload(event, config, stored)
  const db = await transactionDb(req)
  await db.execute(
    deliveriesStatement(
      config.slug,
      id,
      endpoints.map((endpoint) => ({ endpoint: endpoint.id, payload })),
    ),
  )
}

/** Whether an API client may create `body` and read every record of the collection (access `true`). */
export const plainCreateAccess = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  body: Record<string, unknown>,
): Promise<boolean> =>
  req.user?.collection === 'api-clients' &&
  (await config.access.create({ data: body, req })) === true &&
  (await config.access.read({ req })) === true

/**
 * Whether an API client may update and read every record of the collection (access `true`), with
 * no field's own update access in the way of `data`.
 */
export const plainUpdateAccess = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  id: number,
  data: Record<string, unknown>,
): Promise<boolean> => {
  if (req.user?.collection !== 'api-clients') return false
  const fields = config.flattenedFields.filter((field) => field.name in data)
  if (fields.some((field) => 'access' in field && field.access?.update)) return false
  const { read, update } = config.access
  return (await update({ data, id, req })) === true && (await read({ id, req })) === true
}

/** A query string, an Idempotency-Key or a precondition: Payload's write handles those. */
export const asksForMore = (req: PayloadRequest): boolean =>
  ['idempotency-key', 'if-match', 'if-none-match'].some((name) => req.headers.has(name)) ||
  Object.keys(req.query ?? {}).length > 0

export const fieldOf = (config: SanitizedCollectionConfig, name: string) =>
  config.flattenedFields.find((field) => field.name === name)

/** What a field's beforeChange hooks make of a new record (its title, its phone keys). */
export const fieldHookValue = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  name: string,
  doc: Record<string, unknown>,
): Promise<unknown> => {
  const field = fieldOf(config, name)
  let value = doc[name]
  const hooks = field && 'hooks' in field ? (field.hooks?.beforeChange ?? []) : []
  for (const hook of hooks as FieldHook[])
    // The arguments these hooks read (the record, the operation, the request).
    value = await hook({ data: doc, operation: 'create', req, siblingData: doc, value } as never)
  return value
}

type Check = { settings: Record<string, unknown>; validate: undefined | Validate }

/** Each field's validator and settings, worked out once per collection (a field with create access of its own: null). */
const checksOf = new WeakMap<SanitizedCollectionConfig, Map<string, Check | null>>()

const checkOf = (config: SanitizedCollectionConfig, name: string): Check | null => {
  let checks = checksOf.get(config)
  if (!checks) checksOf.set(config, (checks = new Map()))
  let check = checks.get(name)
  if (check === undefined) {
    const field = fieldOf(config, name)
    check =
      !field || ('access' in field && field.access?.create)
        ? null
        : {
            // The options Payload's own validators read: the field's settings, then per write
            // the data and the request.
            settings: { ...field, operation: 'create' },
            validate: 'validate' in field ? (field.validate as undefined | Validate) : undefined,
          }
    checks.set(name, check)
  }
  return check
}

/**
 * Whether each of `names` passes its field's own validator on create (each field, given or not, as
 * Payload does); a field with create access of its own is left to Payload.
 */
export const validOnCreate = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  body: Record<string, unknown>,
  names: readonly string[],
): Promise<boolean> => {
  for (const name of names) {
    const check = checkOf(config, name)
    if (!check) return false
    if (!check.validate) continue
    const options = { ...check.settings, data: body, req, siblingData: body }
    if ((await check.validate(body[name], options as never)) !== true) return false
  }
  return true
}
