/**
 * The hand-written baseline's SQL: one statement builds a whole record as JSON, related records
 * embedded to a depth, as the service answers it (field names, nesting, timestamps as ISO 8601
 * UTC). Columns follow Payload's naming (snake_case; relations `<name>_id`; lists of text in
 * `<table>_texts`, lists of relations in `<table>_rels`).
 */
import { decryptValue, isEncrypted } from '@/creditData/cipher'

/**
 * A column, a timestamp, a list of text, a relation (one, or many through `_rels`), a group of
 * columns, or a join: every record of another shape whose `on` column names this one.
 */
type Field =
  | 'value'
  | 'time'
  | 'texts'
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

/** Decrypts birth dates and masks SSNs wherever they are, as the service does on read. */
export const revealAsService = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(revealAsService)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (!isEncrypted(item)) return [key, revealAsService(item)]
      if (DATE_FIELDS.has(key)) return [key, decryptValue(item, 'birthDate')]
      if (SSN_FIELDS.has(key)) return [key, `***-**-${decryptValue(item, 'ssn').slice(-4)}`]
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
