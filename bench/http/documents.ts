/**
 * The hand-written baseline's SQL: one statement builds a whole record as JSON, related records
 * embedded to a depth, as the service answers it (field names, nesting, timestamps as ISO 8601
 * UTC). Columns follow Payload's naming (snake_case; relations `<name>_id`; lists of text in
 * `<table>_texts`, lists of relations in `<table>_rels`).
 */
import { decryptValue, isEncrypted } from '@/creditData/cipher'
import { openWithKey, sealedFor, unwrap } from '@/creditData/consumerKeys'

/**
 * A column, a timestamp, a list of text, a relation (one, or many through `_rels`), a group of
 * columns, a join: every record of another shape whose `on` column names this one, or any SQL
 * expression over the row (`sql`).
 */
type Field =
  | 'value'
  | 'time'
  | 'texts'
  | { sql: (alias: string) => string }
  | { one: () => Shape }
  | { many: () => Shape }
  | { group: string[] }
  | { join: () => Shape; on: string }
export type Shape = { fields: Record<string, Field>; table: string }

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

let aliases = 0

/** A JSON object of the row `alias` of `shape`, relations embedded while `depth` > 0. */
export const documentOf = (shape: Shape, alias: string, depth: number): string => {
  const fields: Record<string, Field> = { ...shape.fields, createdAt: 'time', updatedAt: 'time' }
  const pairs = Object.entries(fields).map(([name, field]) => {
    const column = `${alias}.${snake(name)}`
    if (field === 'value') return [name, column]
    if (field === 'time') return [name, iso(column)]
    if (typeof field === 'object' && 'sql' in field) return [name, field.sql(alias)]
    if (field === 'texts')
      return [
        name,
        `coalesce((SELECT json_agg(t.text ORDER BY t."order") FROM ${shape.table}_texts t
            WHERE t.parent_id = ${alias}.id AND t.path = '${name}'), '[]')`,
      ]
    if ('group' in field)
      return [
        name,
        `json_build_object(${field.group.map((sub) => `'${sub}', ${alias}.${snake(name)}_${snake(sub)}`).join(', ')})`,
      ]
    const sub = `d${++aliases}`
    if ('join' in field) {
      const target = field.join()
      // Payload embeds joined records without their own relations, whatever the depth.
      const item = depth === 0 ? `${sub}.id` : documentOf(target, sub, 0)
      return [
        name,
        `coalesce((SELECT json_agg(${item} ORDER BY ${sub}.created_at DESC) FROM ${target.table} ${sub}
            WHERE ${sub}.${field.on} = ${alias}.id), '[]')`,
      ]
    }
    if ('one' in field) {
      if (depth === 0) return [name, `${column}_id`]
      const target = field.one()
      return [
        name,
        `(SELECT ${documentOf(target, sub, depth - 1)} FROM ${target.table} ${sub}
            WHERE ${sub}.id = ${column}_id)`,
      ]
    }
    const target = field.many()
    const link = `r${aliases}`
    const item = depth === 0 ? `${link}.${target.table}_id` : documentOf(target, sub, depth - 1)
    return [
      name,
      `coalesce((SELECT json_agg(${item} ORDER BY ${link}."order") FROM ${shape.table}_rels ${link}
          JOIN ${target.table} ${sub} ON ${sub}.id = ${link}.${target.table}_id
          WHERE ${link}.parent_id = ${alias}.id AND ${link}.path = '${name}'), '[]')`,
    ]
  })
  return `json_build_object(${pairs.map(([name, sql]) => `'${name}', ${sql}`).join(', ')})`
}

const SSN_FIELDS = new Set(['ssn', 'coApplicantSSN'])
const DATE_FIELDS = new Set(['birthDate', 'coApplicantBirthDate'])
/** Read beside a record with credit data: the wrapped data keys of its consumers, by consumer. */
const DATA_KEYS = '$dataKeys'
const dataKeysOf = (consumers: (alias: string) => string) => ({
  sql: (alias: string) =>
    `(SELECT json_object_agg(k.consumer, k.wrapped) FROM consumer_data_keys k
        WHERE k.consumer IN (${consumers(alias)}))`,
})

/** A credit-data value in clear: the master key's seal, then its consumer's data key's. */
const open = (stored: string, field: string, keys: Record<string, string> | null) => {
  const inner = decryptValue(stored, field)
  const consumer = sealedFor(inner)
  if (consumer === null) return inner
  const wrapped = keys?.[consumer]
  return openWithKey(inner, field, consumer, wrapped ? unwrap(consumer, wrapped) : null)
}

/** Decrypts birth dates and masks SSNs wherever they are, as the service does on read. */
export const revealAsService = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(revealAsService)
  if (!value || typeof value !== 'object') return value
  const keys = (value as Record<string, unknown>)[DATA_KEYS] as Record<string, string> | null
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== DATA_KEYS)
      .map(([key, item]) => {
        if (!isEncrypted(item)) return [key, revealAsService(item)]
        if (DATE_FIELDS.has(key)) return [key, open(item, 'birthDate', keys)]
        if (SSN_FIELDS.has(key)) return [key, `***-**-${open(item, 'ssn', keys).slice(-4)}`]
        return [key, item]
      }),
  )
}

const state: Shape = { fields: { code: 'value', id: 'value', name: 'value' }, table: 'state' }
const city: Shape = {
  fields: { id: 'value', name: 'value', state: { one: () => state } },
  table: 'city',
}
const address: Shape = {
  fields: { city: { one: () => city }, id: 'value', line1: 'value', line2: 'value', zip: 'value' },
  table: 'address',
}
export const customer: Shape = {
  fields: { addresses: { many: () => address }, id: 'value', name: 'value', phoneNumbers: 'texts' },
  table: 'customer',
}
export const consumer: Shape = {
  fields: {
    addresses: { many: () => address },
    birthDate: 'value',
    email: 'value',
    firstName: 'value',
    id: 'value',
    lastName: 'value',
    phoneNumber: 'value',
    phoneNumbers: 'texts',
    ssn: 'value',
    [DATA_KEYS]: dataKeysOf((alias) => `${alias}.id`),
  },
  table: 'consumer',
}
const creditBand: Shape = {
  fields: {
    id: 'value',
    isNS: 'value',
    isPrime: 'value',
    isUnknown: 'value',
    maximumCreditScore: 'value',
    minimumCreditScore: 'value',
    name: 'value',
  },
  table: 'credit_band',
}
const preApproval: Shape = {
  fields: {
    consumer: { one: () => consumer },
    creditBand: { one: () => creditBand },
    id: 'value',
    validUntilTime: 'time',
  },
  table: 'pre_approval',
}
const description = {
  bodyStyle: 'value',
  drivetrain: 'value',
  engine: 'value',
  make: 'value',
  model: 'value',
  transmission: 'value',
  trim: 'value',
  year: 'value',
} as const
const vehicleSpec: Shape = {
  fields: {
    ...description,
    exteriorColors: 'texts',
    id: 'value',
    interiorColors: 'texts',
    invoice: 'value',
    msrp: 'value',
    squishVin: 'value',
  },
  table: 'vehicle_spec',
}
const vehicle: Shape = {
  fields: {
    ...description,
    doorCount: 'value',
    exteriorColor: 'value',
    id: 'value',
    interiorColor: 'value',
    seatCount: 'value',
    spec: { one: () => vehicleSpec },
    vin: 'value',
  },
  table: 'vehicle',
}
const applicant = (prefix: '' | 'coApplicant') => {
  const name = (field: string) =>
    prefix ? `${prefix}${field[0].toUpperCase()}${field.slice(1)}` : field
  return Object.fromEntries(
    ['firstName', 'lastName', 'email', 'phoneNumber', 'birthDate']
      .map((field) => [name(field), 'value'])
      .concat([[prefix ? 'coApplicantSSN' : 'ssn', 'value']]),
  ) as Record<string, Field>
}
export const creditApp: Shape = {
  fields: {
    ...applicant(''),
    ...applicant('coApplicant'),
    coApplicantConsumer: { one: () => consumer },
    consumer: { one: () => consumer },
    id: 'value',
    preApproval: { one: () => preApproval },
    provider: 'value',
    providerResponse: 'value',
    providerSubmission: {
      group: [
        'status',
        'attempts',
        'message',
        'providerReference',
        'idempotencyKey',
        'queuedAt',
        'lastAttemptAt',
        'nextAttemptAt',
        'completedAt',
      ],
    },
    toProvider: 'value',
    vehicle: { one: () => vehicle },
    [DATA_KEYS]: dataKeysOf((alias) => `${alias}.consumer_id, ${alias}.co_applicant_consumer_id`),
  },
  table: 'credit_app',
}
const account: Shape = {
  fields: { anonymousIds: 'texts', consumer: { one: () => consumer }, id: 'value', lead: 'value' },
  table: 'account',
}
export const webEvent: Shape = {
  fields: { account: { one: () => account }, anonymousId: 'value', id: 'value', name: 'value' },
  table: 'web_event',
}
export const company: Shape = {
  fields: {
    address: 'value',
    id: 'value',
    isFacilitator: 'value',
    locations: { join: () => location, on: 'company_id_id' },
    name: 'value',
  },
  table: 'company',
}
const location: Shape = {
  fields: {
    address: 'value',
    city: { one: () => city },
    companyId: { one: () => company },
    id: 'value',
    latitude: 'value',
    line1: 'value',
    line2: 'value',
    longitude: 'value',
    phone: 'value',
    zip: 'value',
  },
  table: 'location',
}

/** A JSON object of `pairs`: each a field name and its SQL. */
const object = (pairs: [string, string][]) =>
  `json_build_object(${pairs.map(([name, sql]) => `'${name}', ${sql}`).join(', ')})`
/** Columns `<prefix>_<name>` of `alias` as an object; names ending in `@` are timestamps. */
const columns = (alias: string, prefix: string, names: string[]) =>
  object(
    names.map((name) => {
      const column = `${alias}.${prefix}_${snake(name.replace('@', ''))}`
      return [name.replace('@', ''), name.endsWith('@') ? iso(column) : column]
    }),
  )

/** A lead as a lead agent's key reads it: no title, dealership or match keys (staff only). */
const lead: Shape = {
  fields: {
    id: 'value',
    firstName: 'value',
    lastName: 'value',
    email: 'value',
    phoneNumber: 'value',
    source: 'value',
    // Ids, as the service answers them to a lead agent at this depth.
    consumer: { sql: (alias) => `${alias}.consumer_id` },
    location: { sql: (alias) => `${alias}.location_id` },
    assignee: { sql: (alias) => `${alias}.assignee_id` },
    followUpDue: 'time',
    currentStatus: 'value',
    firstContactedAt: 'time',
    escalatedAt: 'time',
    doNotContact: {
      sql: (alias) =>
        object([
          ['at', iso(`${alias}.do_not_contact_at`)],
          ['by', `${alias}.do_not_contact_by`],
          ['event', `${alias}.do_not_contact_event_id`],
        ]),
    },
    adf: {
      sql: (alias) =>
        object([
          ['origin', `${alias}.adf_origin`],
          ['status', `${alias}.adf_status`],
          ['requestDate', iso(`${alias}.adf_request_date`)],
          ...(['prospectId', 'prospectIdSource', 'middleName', 'suffix', 'phones'].map((name) => [
            name,
            `${alias}.adf_${snake(name)}`,
          ]) as [string, string][]),
          [
            'address',
            columns(alias, 'adf_address', [
              'street',
              'apartment',
              'city',
              'regionCode',
              'postalCode',
              'country',
              'type',
            ]),
          ],
          ['vehicles', `${alias}.adf_vehicles`],
          [
            'timeframe',
            columns(alias, 'adf_timeframe', ['description', 'earliestDate@', 'latestDate@']),
          ],
          ...([
            'comments',
            'vendorId',
            'vendorName',
            'providerId',
            'providerName',
            'providerService',
            'providerUrl',
            'providerEmail',
            'providerPhone',
          ].map((name) => [name, `${alias}.adf_${snake(name)}`]) as [string, string][]),
        ]),
    },
    mergedInto: { sql: (alias) => `${alias}.merged_into_id` },
    mergedAt: 'time',
    vehicleOfInterest: { group: ['vin', 'condition', 'year', 'make', 'model', 'trim'] },
  },
  table: 'lead',
}

/**
 * A lead event as a lead agent's key reads it at depth 2 (its leads embedded, theirs at depth 1
 * by id, as the service answers): no submission, last modifier or dealership (staff only).
 */
export const leadEvent: Shape = {
  fields: {
    id: 'value',
    lead: { one: () => lead },
    type: 'value',
    status: 'value',
    nextSteps: 'value',
    createdBy: { sql: (alias) => `${alias}.created_by_id` },
    currentStatusFor: { one: () => lead },
  },
  table: 'lead_events',
}

const vin: Shape = {
  fields: { id: 'value', vin: 'value', vehicle: { one: () => vehicle } },
  table: 'vin',
}

/**
 * A VDP e-mail as an admin key reads it at depth 2 (its lead and VINs embedded, theirs at depth
 * 1): no title or dealership (staff only).
 */
export const vdpEmail: Shape = {
  fields: {
    id: 'value',
    lead: { one: () => lead },
    vins: { many: () => vin },
    createdBy: { sql: (alias) => `${alias}.created_by_id` },
    lastModifiedBy: { sql: (alias) => `${alias}.last_modified_by_id` },
    vinCount: 'value',
  },
  table: 'vdp_emails',
}
