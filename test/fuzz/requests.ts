/**
 * Generators of HTTP requests across every route and method of the service: the commerce
 * endpoints 1–19, the error-record API, every Payload REST collection path (including Payload's
 * internal collections and the auth routes), with valid sample bodies and their mutations, odd
 * queries and `where` trees, malformed ids, content types, encodings and every kind of caller.
 *
 * A request is data (method, raw path, headers, body bytes) so that it can be sent exactly as
 * generated, printed and replayed.
 */
import fc from 'fast-check'
import * as qs from 'qs-esm'

import { sampleAdf, sampleProspect } from '../helpers/adf'

/** The kinds of caller; `bogus` sends a credential nobody issued. */
export const PRINCIPALS = [
  'anonymous',
  'staff',
  'staffAdmin',
  'integrator',
  'leadAgent',
  'clientAdmin',
  'disabledClient',
  'bogus',
] as const
export type PrincipalKind = (typeof PRINCIPALS)[number]

export type FuzzRequest = {
  method: string
  /** The request target as sent (percent-encoding and all). */
  path: string
  /** The route pattern, for grouping: `/api/deals/{id}`. */
  route: string
  principal: PrincipalKind
  headers: Record<string, string>
  body?: Buffer
  /** What was done to the request, for the report. */
  notes: string[]
}

/**
 * What the generators need to know of the service under test: the `Authorization` value of each
 * kind of caller (absent: that kind is sent anonymously) and the numeric ids that must not be
 * deleted or changed (the callers' own records), so that the campaign keeps its callers.
 */
export type FuzzContext = {
  authorization: Partial<Record<PrincipalKind, string>>
  protectedIds: { 'api-clients': number[]; users: number[] }
}

// ---------------------------------------------------------------------------------------------
// Known values of the demo data set (src/seed/demoData.ts)

/** SSNs the campaign may store: the seeded ones and a few more from the same advertising range. */
export const SSN_POOL = [
  '987-65-4321',
  '987-65-4322',
  '987-65-4323',
  '987-65-4325',
  '987654326',
  '987 65 4327',
]
/** Birth dates of the seeded credit records (consumers and credit apps). */
export const SEEDED_BIRTH_DATES = ['1988-04-17', '1979-11-02', '1995-02-28', '1981-06-09']

const VINS = ['4T1B11HK7NU000123', '1FTFW1E50MFA00456', '5YJ3E1EA0PF000789', 'JTMRWRFV4LD000321']

/** Seeded ids per collection slug (string ids), and their prefixes. */
const SEEDED: Record<string, { ids: string[]; prefix: string }> = {
  account: { ids: ['acc_demo_maria'], prefix: 'acc_' },
  address: { ids: ['adr_demo_maria', 'adr_demo_james'], prefix: 'adr_' },
  city: { ids: [], prefix: 'cty_' },
  company: { ids: ['com_demo_sunset', 'com_demo_lane'], prefix: 'com_' },
  consumer: { ids: ['con_demo_maria', 'con_demo_james', 'con_demo_chen'], prefix: 'con_' },
  contact: { ids: ['cnt_demo_rachel', 'cnt_demo_assistant'], prefix: 'cnt_' },
  'credit-app': { ids: ['crapp_demo_maria', 'crapp_demo_james'], prefix: 'crapp_' },
  'credit-band': { ids: ['crb_demo_prime', 'crb_demo_unknown'], prefix: 'crb_' },
  'credit-report': { ids: ['crp_demo_maria', 'crp_demo_james'], prefix: 'crp_' },
  customer: { ids: ['cus_demo_maria', 'cus_demo_james'], prefix: 'cus_' },
  deal: { ids: ['deal_demo_camry'], prefix: 'deal_' },
  location: { ids: ['loc_demo_sunset_la', 'loc_demo_lane_austin'], prefix: 'loc_' },
  'pre-approval': { ids: ['pre_demo_maria', 'pre_demo_james'], prefix: 'pre_' },
  state: { ids: ['CA', 'TX'], prefix: '' },
  vehicle: { ids: VINS, prefix: '' },
  'vehicle-spec': { ids: ['vs_demo_camry_2022'], prefix: 'vs_' },
  'web-event': { ids: ['wev_demo_1', 'wev_demo_2'], prefix: 'wev_' },
}

/** Collections with numeric ids (Payload's own and the lead side). */
const NUMERIC = [
  'listing',
  'media',
  'lead',
  'leadEvents',
  'vdpEmails',
  'vin',
  'errors',
  'users',
  'api-clients',
  'lookup-cache',
  'audit-log',
  'payload-preferences',
  'payload-migrations',
  'payload-locked-documents',
  'payload-jobs',
]

export const REST_SLUGS = [...Object.keys(SEEDED), ...NUMERIC]

// ---------------------------------------------------------------------------------------------
// Sample bodies: valid for the collection (or endpoint), before mutation

const ssn = fc.constantFrom(...SSN_POOL)
const phone = fc.constantFrom('(213) 555-0147', '+1 323-555-0199', '2135550100', '512-555-0112')
const email = fc.constantFrom('ada@example.com', '陈伟@例子.广告', 'a.b+tag@example.co.uk')
const date = fc.constantFrom('1990-01-01', '2000-02-29', '1985-07-04')
const dateTime = fc.constantFrom('2030-01-31T17:00:00Z', '2031-06-01T08:30:00.5+02:00')
const word = fc.string({ maxLength: 12, minLength: 1, unit: 'grapheme-ascii' })
const vin = fc.constantFrom(...VINS)
const seededId = (slug: string) => fc.constantFrom(...SEEDED[slug]!.ids)

type Json = unknown
const samples: Record<string, fc.Arbitrary<Record<string, Json>>> = {
  account: fc.record({
    anonymousIds: fc.array(word, { maxLength: 3 }),
    consumer: seededId('consumer'),
    lead: fc.constantFrom('1', '2'),
  }),
  address: fc.record({
    city: fc.constant({ name: 'Austin', state: 'TX' }),
    line1: word,
    zip: fc.constantFrom('78701', '90026-1234'),
  }),
  'api-clients': fc.record({
    enableAPIKey: fc.boolean(),
    name: word,
    role: fc.constantFrom('integrator', 'lead-agent', 'admin'),
  }),
  city: fc.record({ name: word, state: fc.constantFrom('CA', 'TX') }),
  company: fc.record({ address: word, isFacilitator: fc.boolean(), name: word }),
  consumer: fc.record(
    {
      addresses: fc.constant(['adr_demo_maria']),
      birthDate: date,
      email,
      firstName: word,
      lastName: word,
      phoneNumber: phone,
      phoneNumbers: fc.array(phone, { maxLength: 2 }),
      ssn,
    },
    { requiredKeys: ['birthDate', 'firstName', 'lastName', 'phoneNumber'] },
  ),
  contact: fc.record(
    {
      email,
      firstName: word,
      isAutomatedAgent: fc.boolean(),
      lastName: word,
      phoneNumber: phone,
      roles: fc.array(word, { maxLength: 2 }),
    },
    { requiredKeys: [] },
  ),
  'credit-app': fc.record(
    {
      birthDate: date,
      coApplicantBirthDate: date,
      coApplicantSSN: ssn,
      consumer: seededId('consumer'),
      email,
      firstName: word,
      lastName: word,
      phoneNumber: phone,
      preApproval: seededId('pre-approval'),
      provider: fc.constantFrom('provider_a', 'provider_b'),
      ssn,
      toProvider: fc.constant(false),
      vehicle: vin,
    },
    { requiredKeys: ['consumer', 'preApproval', 'vehicle'] },
  ),
  'credit-band': fc.record({
    maximumCreditScore: fc.integer({ max: 850, min: 700 }),
    minimumCreditScore: fc.integer({ max: 699, min: 300 }),
    name: word,
  }),
  'credit-report': fc.record(
    {
      creditBand: seededId('credit-band'),
      creditScore: fc.integer({ max: 850, min: 300 }),
      hasNS: fc.boolean(),
      time: dateTime,
    },
    { requiredKeys: [] },
  ),
  customer: fc.record({
    addresses: fc.constant(['adr_demo_james']),
    name: word,
    phoneNumbers: fc.array(phone, { maxLength: 2 }),
  }),
  deal: fc.record({
    currentBidPrice: fc.nat(30000),
    customer: seededId('customer'),
    maximumBidPrice: fc.constant(40000),
    minimumBidPrice: fc.constant(1000),
    vehicle: vin,
  }),
  errors: fc.record(
    {
      digest: word,
      message: word,
      source: fc.constantFrom('web', 'storefront'),
      stack: fc.constant('TypeError: boom'),
      url: fc.constant('https://shop.example.com/x'),
    },
    { requiredKeys: ['message'] },
  ),
  lead: fc.record(
    { email, firstName: word, lastName: word, phoneNumber: phone, source: word },
    { requiredKeys: [] },
  ),
  leadEvents: fc.record(
    {
      lead: fc.constantFrom(1, 2),
      nextSteps: word,
      status: fc.constantFrom('Searching', 'Had Conversation', 'No Contact'),
      type: fc.constantFrom('Customer Call', 'Outbound Email', 'Time Passed'),
    },
    { requiredKeys: [] },
  ),
  listing: fc.record({
    cpo: fc.boolean(),
    miles: fc.nat(200000),
    price: fc.nat(90000),
    used: fc.boolean(),
    vin,
  }),
  location: fc.record({
    city: fc.constant({ name: 'Los Angeles', state: 'CA' }),
    companyId: seededId('company'),
    latitude: fc.double({ max: 90, min: -90, noNaN: true }),
    line1: word,
    zip: fc.constant('90026'),
  }),
  'pre-approval': fc.record({
    consumer: seededId('consumer'),
    creditBand: seededId('credit-band'),
    validUntilTime: dateTime,
  }),
  state: fc.record({ code: fc.constantFrom('WA', 'OR', 'NV', 'ZZ'), name: word }),
  users: fc.record({
    email: fc.constant('fuzz@example.com'),
    name: word,
    password: fc.constant('a long enough password'),
    role: fc.constantFrom('staff', 'admin'),
  }),
  vdpEmails: fc.record(
    { lead: fc.constantFrom(1, 2), vins: fc.array(fc.constantFrom(1, 2, 3), { maxLength: 3 }) },
    { requiredKeys: [] },
  ),
  vehicle: fc.record({
    bodyStyle: word,
    doorCount: fc.nat(5),
    drivetrain: word,
    engine: word,
    make: word,
    model: word,
    transmission: word,
    vin,
    year: fc.integer({ max: 2025, min: 1990 }),
  }),
  'vehicle-spec': fc.record({
    bodyStyle: word,
    drivetrain: word,
    engine: word,
    make: word,
    model: word,
    squishVin: fc.constant('4T1B11HKNU'),
    transmission: word,
    year: fc.constant(2021),
  }),
  vin: fc.record({ vehicle: vin, vin }),
  'web-event': fc.record({ account: seededId('account'), anonymousId: word, name: word }),
  'payload-preferences': fc.record({ value: fc.jsonValue({ maxDepth: 2 }) }),
  'payload-locked-documents': fc.record({
    document: fc.record({
      relationTo: fc.constantFrom('consumer', 'deal'),
      value: fc.constant('con_demo_maria'),
    }),
    globalSlug: fc.constantFrom(undefined, 'tco-settings'),
  }),
  login: fc.record({
    email: fc.constantFrom('admin@example.com', 'sam.rivera@example.com', 'nobody@example.com'),
    password: fc.constantFrom('wrong password', ''),
  }),
  tcoSettings: fc.record({
    maintenanceSchedule: fc.array(
      fc.record({ cost: fc.integer(), everyMiles: fc.integer(), item: fc.string() }),
      { maxLength: 3 },
    ),
    milesPerYear: fc.nat(40000),
    residuals: fc.array(fc.record({ match: fc.string(), residual: fc.double() }), {
      maxLength: 3,
    }),
  }),
}
const emptySample = fc.constant<Record<string, Json>>({})
const sampleFor = (name: string) => samples[name] ?? emptySample

// ---------------------------------------------------------------------------------------------
// Mutations: values that tend to break things

/**
 * Deep structures and invalid bytes are written into the JSON text after serialization (a
 * 5,000-deep value would overflow the serializer): these markers stand for them until then.
 */
const deepArray = (depth: number): Json => `@@DEEP_ARRAY_${depth}@@`
const deepObject = (depth: number): Json => `@@DEEP_OBJECT_${depth}@@`
const INVALID_UTF8_MARK = '@@INVALID_UTF8@@'
const INVALID_UTF8_BYTES = [
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xe2, 0x82]),
]

/** JSON text with the markers replaced: deep nesting as text, invalid UTF-8 as raw bytes. */
const serialize = (body: Json, invalid: Buffer): Buffer => {
  const text = (JSON.stringify(body) ?? 'null').replace(
    /"@@DEEP_(ARRAY|OBJECT)_(\d+)@@"/g,
    (_match, kind: string, depth: string) =>
      kind === 'ARRAY'
        ? `${'['.repeat(Number(depth))}${']'.repeat(Number(depth))}`
        : `${'{"a":'.repeat(Number(depth))}{}${'}'.repeat(Number(depth))}`,
  )
  const parts = text.split(INVALID_UTF8_MARK)
  return Buffer.concat(
    parts.flatMap((part, i) => (i ? [invalid, Buffer.from(part)] : [Buffer.from(part)])),
  )
}

const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0.0001,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    1e20,
    '',
    ' ',
    'null',
    'undefined',
    'NaN',
    '1e309',
    '0x10',
    '2022',
    'abc',
    'a\u0000b',
    '\u0000',
    'x\ud800y',
    '\udfff',
    '\ud83d\ude00',
    '💥'.repeat(50),
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '${7*7}',
    '__proto__',
    '2001-02-29',
    '9999-12-31T23:59:59Z',
    '0000-00-00',
    [],
    [null],
    ['con_x'],
    {},
    { id: null },
    { id: 'con_demo_maria' },
    { relationTo: 'consumer', value: 'con_demo_maria' },
    { $gt: '' },
    { equals: 1 },
    INVALID_UTF8_MARK,
  ),
  fc.nat(200_000).map((length) => 'a'.repeat(length)),
  fc.constantFrom(64, 1000, 5000).map(deepArray),
  fc.constantFrom(64, 1000).map(deepObject),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 40, unit: 'binary' }),
)

const TIMESTAMP_VALUES: Json[] = [
  null,
  '',
  'yesterday',
  '1970-01-01T00:00:00Z',
  '2099-01-01T00:00:00.000Z',
  0,
  -1,
  1e20,
  {},
  [],
  'a\u0000b',
]

type Mutation = (body: Record<string, Json>) => Json

const mutation: fc.Arbitrary<[string, Mutation]> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 20 }), oddValue)
      .map(([key, value]): [string, Mutation] => [
        `unknown field ${JSON.stringify(key.slice(0, 20))}`,
        (body) => ({ ...body, [key]: value }),
      ]),
    weight: 1,
  },
  {
    arbitrary: fc.tuple(fc.nat(), oddValue).map(([index, value]): [string, Mutation] => [
      'a field set to an odd value',
      (body) => {
        const keys = Object.keys(body)
        return keys.length
          ? { ...body, [keys[index % keys.length]!]: value }
          : { ...body, id: value }
      },
    ]),
    weight: 5,
  },
  {
    arbitrary: fc.nat().map((index): [string, Mutation] => [
      'a field removed',
      (body) => {
        const keys = Object.keys(body)
        const copy = { ...body }
        if (keys.length) delete copy[keys[index % keys.length]!]
        return copy
      },
    ]),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('createdAt', 'updatedAt'), fc.constantFrom(...TIMESTAMP_VALUES))
      .map(([key, value]): [string, Mutation] => [
        `${key} sent`,
        (body) => ({ ...body, [key]: value }),
      ]),
    weight: 2,
  },
  {
    arbitrary: oddValue.map((value): [string, Mutation] => [
      'id set',
      (body) => ({ ...body, id: value }),
    ]),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom<Json>(null, 'a string', 42, true, [], deepArray(5000), deepObject(5000))
      .map((value): [string, Mutation] => ['the body is not an object', () => value]),
    weight: 2,
  },
  {
    arbitrary: fc.constant<[string, Mutation]>([
      'an array where the object belongs',
      (body) => [body],
    ]),
    weight: 1,
  },
)

const mutatedBody = (name: string): fc.Arbitrary<{ body: Json; notes: string[] }> =>
  fc.tuple(sampleFor(name), fc.array(mutation, { maxLength: 3 })).map(([sample, mutations]) => {
    let body: Json = sample
    for (const [, mutate] of mutations)
      body =
        body && typeof body === 'object' && !Array.isArray(body)
          ? mutate(body as Record<string, Json>)
          : body
    return { body, notes: mutations.map(([note]) => note) }
  })

// ---------------------------------------------------------------------------------------------
// Ids, queries, where trees

const randomAlnum = (length: number) =>
  fc.string({
    maxLength: length,
    minLength: length,
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  })

const enc = (value: string) => encodeURIComponent(value)

/** A path segment for an id, already percent-encoded as it is sent. */
const idSegment = (slug: string | undefined): fc.Arbitrary<{ segment: string; note: string }> => {
  const seeded = slug ? SEEDED[slug] : undefined
  const numeric = slug ? NUMERIC.includes(slug) : false
  const valid: fc.Arbitrary<string>[] = []
  if (seeded?.ids.length) valid.push(fc.constantFrom(...seeded.ids))
  if (numeric) valid.push(fc.integer({ max: 6, min: 1 }).map(String))
  if (seeded) valid.push(randomAlnum(20).map((rest) => seeded.prefix + rest))
  const plain = (arb: fc.Arbitrary<string>, note: string) =>
    arb.map((value) => ({ note, segment: enc(value) }))
  const raw = (values: string[], note: string) =>
    fc.constantFrom(...values).map((segment) => ({ note, segment }))
  return fc.oneof(
    {
      arbitrary: plain(valid.length ? fc.oneof(...valid) : fc.constant('1'), 'a valid-looking id'),
      weight: 6,
    },
    {
      arbitrary: plain(
        fc.constantFrom('wrong_abc', 'con_demo_maria', 'deal_demo_camry', 'crapp_', 'x'),
        'an id of the wrong kind',
      ),
      weight: 1,
    },
    {
      arbitrary: plain(
        fc.constantFrom(
          '0',
          '-1',
          '1.5',
          '1e3',
          '99999999999999999999',
          '9223372036854775808',
          '2147483648',
          'abc',
          'NaN',
        ),
        'a numeric or odd id',
      ),
      weight: 2,
    },
    { arbitrary: raw(['%00', 'con_%00', '1%00', 'a%00b'], 'a NUL in the id'), weight: 1 },
    {
      arbitrary: raw(
        ['%E0%A4%A', '%', '%25', '%zz', '%C0%AF', '%ED%A0%80', '%FF', 'a%2', '%E2%82'],
        'malformed or invalid percent-encoding',
      ),
      weight: 2,
    },
    {
      arbitrary: raw(
        [
          '..',
          '%2E%2E',
          '..%2F..%2Fusers',
          'a%2Fb',
          '%20',
          '%0A',
          'con_demo_maria%20',
          '%F0%9F%92%A5',
        ],
        'path trickery',
      ),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(300, 5000)
        .map((length) => ({ note: `a ${length}-character id`, segment: 'a'.repeat(length) })),
      weight: 1,
    },
  )
}

const OPERATORS = [
  'equals',
  'not_equals',
  'like',
  'not_like',
  'contains',
  'in',
  'not_in',
  'all',
  'exists',
  'near',
  'within',
  'intersects',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'bogus_op',
]
const FIELDS = [
  'id',
  'name',
  'firstName',
  'email',
  'createdAt',
  'updatedAt',
  'ssn',
  'birthDate',
  'coApplicantSSN',
  'consumer.ssn',
  'consumer.birthDate',
  'consumer',
  'lead',
  'vins',
  'roles',
  'latitude',
  'location',
  'dealer.location.city.state',
  'source',
  'isFacilitator',
  'nonexistent',
  'a.b.c.d.e',
  '__proto__',
  'constructor',
  'password',
  'hash',
  'apiKey',
  'salt',
]
const whereValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    'acme',
    '',
    'a\u0000b',
    'x\ud800',
    1,
    -1,
    0,
    1.5,
    1e308,
    true,
    'true',
    null,
    '2020-01-01',
    'not a date',
    [1, 2],
    ['a', 'b'],
    [],
    [-97.74, 30.27],
    '-97.74,30.27,1000,0',
    { type: 'Point', coordinates: [-97.74, 30.27] },
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
    { nested: { deeper: 1 } },
    '%',
    '_',
    "'; drop table consumer; --",
  ),
  fc.string({ maxLength: 30 }),
)
type Where = Record<string, Json>
const whereTree: fc.Arbitrary<Where> = fc.letrec<{ tree: Where }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATORS), whereValue)
        .map(([field, op, value]) => ({ [field]: { [op]: value } })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('and', 'or', 'AND', 'nor'), fc.array(tie('tree'), { maxLength: 3 }))
        .map(([op, items]) => ({ [op]: items })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...FIELDS), whereValue)
        .map(([field, value]) => ({ [field]: value })),
      weight: 1,
    },
  ),
})).tree

const ODD_NUMBERS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '',
  '99999999999999999999',
  '1e309',
  '1000000000',
  'NaN',
  '0x10',
  '[]',
  '%00',
  '1%00',
]

type QueryPart = { note: string; text: string }
const queryPart = (list: boolean): fc.Arbitrary<QueryPart> => {
  const num = (name: string, good: string[]) =>
    fc.oneof(fc.constantFrom(...good), fc.constantFrom(...ODD_NUMBERS)).map((value) => ({
      note: `${name}=${value}`,
      text: `${name}=${value.includes('%') ? value : enc(value)}`,
    }))
  const parts: fc.Arbitrary<QueryPart>[] = [
    num('depth', ['0', '1', '2', '5', '6']),
    fc
      .constantFrom('reveal=ssn', 'reveal=all', 'reveal=', 'reveal[]=ssn')
      .map((text) => ({ note: text, text })),
    fc
      .constantFrom(
        'locale=en',
        'fallback-locale=none',
        'locale=%00',
        'draft=true',
        'trash=true',
        'select[ssn]=true',
        'populate[consumer][ssn]=true',
        'joins[locations][limit]=1000000',
        'select=abc',
        'depth[]=1',
      )
      .map((text) => ({ note: text, text })),
  ]
  if (list) {
    parts.push(
      num('page', ['1', '2', '100']),
      num('limit', ['1', '10', '100', '101']),
      fc.constantFrom('pagination=false', 'pagination=0').map((text) => ({ note: text, text })),
      fc
        .oneof(
          fc.constantFrom(...FIELDS),
          fc.constantFrom(...FIELDS).map((field) => `-${field}`),
          fc.constantFrom('', '-', '--name', 'name,-id', 'a\u0000'),
        )
        .map((value) => ({ note: `sort=${value}`, text: `sort=${enc(value)}` })),
      whereTree.map((tree) => ({
        note: 'a where tree (nested query string)',
        text: qs.stringify({ where: tree }, { encodeValuesOnly: true }),
      })),
      whereTree.map((tree) => ({
        note: 'a where tree (JSON)',
        text: `where=${enc(JSON.stringify(tree))}`,
      })),
      fc
        .constantFrom(
          'where={"name":',
          'where={',
          'where=%7B%00%7D',
          'where[name]=x',
          'where=[]',
          'where[or]=1',
          'where[and][0]=x',
        )
        .map((text) => ({ note: `a malformed where: ${text}`, text })),
    )
  }
  return fc.oneof(...parts)
}
const query = (list: boolean): fc.Arbitrary<QueryPart[]> =>
  fc.array(queryPart(list), { maxLength: list ? 4 : 2 })

// ---------------------------------------------------------------------------------------------
// Routes

type RouteShape = {
  method: string
  route: string
  /** Builds the path from the id segment (when the route has one). */
  slug?: string
  hasId: boolean
  list: boolean
  body?: string
  /** A write that must not touch the callers' own records. */
  guardIds?: 'api-clients' | 'users'
  /** Requests that end a session are not sent with a staff token (the campaign would lose it). */
  noStaffToken?: boolean
}

const commerceRoutes: RouteShape[] = [
  { body: 'credit-app', hasId: false, list: false, method: 'POST', route: '/api/creditapps' },
  { hasId: true, list: false, method: 'GET', route: '/api/creditapps/{id}', slug: 'credit-app' },
  {
    body: 'credit-report',
    hasId: true,
    list: false,
    method: 'PATCH',
    route: '/api/creditreports/{id}',
    slug: 'credit-report',
  },
  { body: 'consumer', hasId: false, list: false, method: 'POST', route: '/api/consumers' },
  {
    body: 'contact',
    hasId: true,
    list: false,
    method: 'PATCH',
    route: '/api/contacts/{id}',
    slug: 'contact',
  },
  { hasId: false, list: true, method: 'GET', route: '/api/webevents' },
  { hasId: false, list: true, method: 'GET', route: '/api/companies' },
  { hasId: true, list: false, method: 'GET', route: '/api/deals/{id}', slug: 'deal' },
  { hasId: true, list: false, method: 'GET', route: '/api/facilitators/{id}', slug: 'company' },
  { hasId: true, list: false, method: 'GET', route: '/api/customers/{id}', slug: 'customer' },
  { hasId: true, list: false, method: 'GET', route: '/api/tco/{vin}', slug: 'vehicle' },
  { hasId: true, list: false, method: 'GET', route: '/api/listings/{vin}', slug: 'vehicle' },
  { body: 'adf', hasId: false, list: false, method: 'POST', route: '/api/leads/adf' },
  {
    body: 'leadEvents',
    hasId: true,
    list: false,
    method: 'PATCH',
    route: '/api/leadEvents/{id}',
    slug: 'leadEvents',
  },
  {
    body: 'vdpEmails',
    hasId: true,
    list: false,
    method: 'PATCH',
    route: '/api/vdpEmails/{id}',
    slug: 'vdpEmails',
  },
  { hasId: false, list: true, method: 'GET', route: '/api/errors' },
  { hasId: true, list: false, method: 'GET', route: '/api/errors/{id}', slug: 'errors' },
  { body: 'errors', hasId: false, list: false, method: 'POST', route: '/api/errors' },
  {
    body: 'errors',
    hasId: true,
    list: false,
    method: 'PATCH',
    route: '/api/errors/{id}',
    slug: 'errors',
  },
  { hasId: true, list: false, method: 'DELETE', route: '/api/errors/{id}', slug: 'errors' },
]

const restRoutes: RouteShape[] = REST_SLUGS.flatMap((slug): RouteShape[] => {
  const guardIds = slug === 'users' || slug === 'api-clients' ? slug : undefined
  return [
    { hasId: false, list: true, method: 'GET', route: `/api/${slug}` },
    { hasId: true, list: false, method: 'GET', route: `/api/${slug}/{id}`, slug },
    { body: slug, hasId: false, list: false, method: 'POST', route: `/api/${slug}` },
    {
      body: slug,
      guardIds,
      hasId: true,
      list: false,
      method: 'PATCH',
      route: `/api/${slug}/{id}`,
      slug,
    },
    { guardIds, hasId: true, list: false, method: 'DELETE', route: `/api/${slug}/{id}`, slug },
    { body: slug, guardIds, hasId: false, list: true, method: 'PATCH', route: `/api/${slug}` },
    { guardIds, hasId: false, list: true, method: 'DELETE', route: `/api/${slug}` },
  ]
})

const authRoutes: RouteShape[] = [
  { body: 'login', hasId: false, list: false, method: 'POST', route: '/api/users/login' },
  { body: 'login', hasId: false, list: false, method: 'POST', route: '/api/api-clients/login' },
  { hasId: false, list: false, method: 'GET', route: '/api/users/me' },
  { hasId: false, list: false, method: 'GET', route: '/api/api-clients/me' },
  { hasId: false, list: false, method: 'POST', noStaffToken: true, route: '/api/users/logout' },
  {
    hasId: false,
    list: false,
    method: 'POST',
    noStaffToken: true,
    route: '/api/users/refresh-token',
  },
  { body: 'login', hasId: false, list: false, method: 'POST', route: '/api/users/forgot-password' },
  { body: 'login', hasId: false, list: false, method: 'POST', route: '/api/users/reset-password' },
  { body: 'login', hasId: false, list: false, method: 'POST', route: '/api/users/unlock' },
  { body: 'users', hasId: false, list: false, method: 'POST', route: '/api/users/first-register' },
  { hasId: false, list: false, method: 'GET', route: '/api/users/init' },
  { hasId: true, list: false, method: 'POST', route: '/api/users/verify/{id}' },
  { hasId: false, list: false, method: 'GET', route: '/api/access' },
  { hasId: false, list: false, method: 'GET', route: '/api/globals/tco-settings' },
  {
    body: 'tcoSettings',
    hasId: false,
    list: false,
    method: 'POST',
    route: '/api/globals/tco-settings',
  },
  { hasId: false, list: false, method: 'GET', route: '/api/payload-jobs/run' },
  { hasId: false, list: false, method: 'POST', route: '/api/payload-jobs/run' },
  { hasId: false, list: false, method: 'GET', route: '/api/openapi.json' },
  { hasId: true, list: false, method: 'GET', route: '/api/{id}' },
]

export const ROUTES: RouteShape[] = [...commerceRoutes, ...restRoutes, ...authRoutes]
export const COMMERCE_ROUTE_COUNT = commerceRoutes.length

// ---------------------------------------------------------------------------------------------
// Headers, content types, encodings

type Encoded = { body: Buffer; contentType?: string; note: string }

const MULTIPART_BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW'

/** The body as a form; a structure too deep for the form encoder goes as one JSON-valued field. */
const formEncode = (body: Json): string =>
  qs.stringify(body && typeof body === 'object' ? body : { value: body })

/** One fixed encoding among the alternatives, `weight` times as likely as a weight of 1. */
const constant = (encoded: Encoded, weight = 1) => ({ arbitrary: fc.constant(encoded), weight })

const encodeBody = (body: Json): fc.Arbitrary<Encoded> =>
  fc.tuple(fc.nat(INVALID_UTF8_BYTES.length - 1), fc.nat()).chain(([byteIndex, cut]) => {
    const bytes = INVALID_UTF8_BYTES[byteIndex]!
    const jsonBytes = serialize(body, bytes)
    const json = jsonBytes.toString('utf8')
    return fc.oneof(
      constant(
        {
          body: jsonBytes,
          contentType: 'application/json',
          note: 'JSON',
        },
        12,
      ),
      {
        arbitrary: fc
          .constantFrom(
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'application/vnd.api+json',
            'APPLICATION/JSON',
            'application/json, text/plain',
          )
          .map((contentType): Encoded => ({
            body: jsonBytes,
            contentType,
            note: `JSON as ${contentType}`,
          })),
        weight: 2,
      },
      {
        arbitrary: fc
          .constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/octet-stream',
          )
          .map((contentType): Encoded => ({
            body: jsonBytes,
            contentType,
            note: `JSON sent as ${contentType}`,
          })),
        weight: 2,
      },
      constant({ body: jsonBytes, note: 'JSON without a Content-Type' }),
      constant({
        body: Buffer.from(formEncode(body)),
        contentType: 'application/x-www-form-urlencoded',
        note: 'a form body',
      }),
      constant({
        body: Buffer.from('<?xml version="1.0"?><consumer><firstName>Ada</firstName></consumer>'),
        contentType: 'application/xml',
        note: 'an XML body',
      }),
      constant({
        body: Buffer.from(
          `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n${json}\r\n--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${MULTIPART_BOUNDARY}--\r\n`,
        ),
        contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
        note: 'a multipart body',
      }),
      constant({
        body: Buffer.from('--x\r\nbroken'),
        contentType: 'multipart/form-data; boundary=x',
        note: 'a broken multipart body',
      }),
      constant({
        body: Buffer.concat([Buffer.from('{"firstName":"'), bytes, Buffer.from('"}')]),
        contentType: 'application/json',
        note: 'invalid UTF-8 in a JSON string',
      }),
      constant({
        body: Buffer.from(json.slice(0, cut % Math.max(json.length, 1))),
        contentType: 'application/json',
        note: 'truncated JSON',
      }),
      {
        arbitrary: fc
          .constantFrom(
            '',
            '{',
            'nul\u0000l',
            '{"a":1}{"b":2}',
            '\ufeff{}',
            '['.repeat(5000),
            '{"__proto__":{"admin":true}}',
          )
          .map((text): Encoded => ({
            body: Buffer.from(text),
            contentType: 'application/json',
            note: `the JSON text ${JSON.stringify(text.slice(0, 12))}`,
          })),
        weight: 1,
      },
    )
  })

// ---------------------------------------------------------------------------------------------
// ADF documents (POST /api/leads/adf): valid ones, their mutations and hostile XML

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE adf [
 <!ENTITY a "aaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
 <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
]>
<adf><prospect>&c;</prospect></adf>`

const HOSTILE_ADF = [
  BILLION_LAUGHS,
  '<?xml version="1.0"?><!DOCTYPE adf [<!ENTITY x SYSTEM "file:///etc/passwd">]><adf>&x;</adf>',
  '<?xml version="1.0"?><!DOCTYPE adf SYSTEM "http://127.0.0.1:1/adf.dtd"><adf/>',
  '<adf><prospect>&undefined;</prospect></adf>',
  `<adf>${'<p>'.repeat(2000)}${'</p>'.repeat(2000)}</adf>`,
  '<adf><prospect status="new"><customer></prospect></adf>',
  '<adf></adf>',
  '<lead/>',
  '',
  '<?xml version="1.0" encoding="UTF-16"?><adf/>',
  '<adf><![CDATA[<prospect>]]></adf>',
  '<adf><prospect><?php echo 1 ?></prospect></adf>',
  `<adf a="${'x'.repeat(100_000)}"/>`,
]

/** A valid prospect's value swapped for an odd one: what the intake must refuse by name. */
const ADF_SWAPS: [RegExp, string][] = [
  [/<year>\d+<\/year>/, '<year>next year</year>'],
  [/<vin>[^<]*<\/vin>/, '<vin>IOQ</vin>'],
  [/<email[^>]*>[^<]*<\/email>/, '<email>@</email>'],
  [/<requestdate>[^<]*</, '<requestdate>yesterday<'],
  [/interest="buy"/, 'interest="steal"'],
  [/status="new"/, 'status="old"'],
  [/<vendorname>[^<]*</, '<vendorname>Nobody Motors<'],
  [/<vendor>[\s\S]*<\/vendor>/, ''],
  [/<price [^>]*>[^<]*</, '<price type="quote">-5<'],
  [/<customer>/, '<customer>\u0000'],
  [/<\/prospect>/, ''],
]

const adfDocument: fc.Arbitrary<{ body: Buffer; note: string }> = fc.oneof(
  {
    arbitrary: fc
      .array(
        fc.record({
          lastName: fc.string({ maxLength: 20 }),
          vendorName: fc.constant('Sunset Motors'),
        }),
        {
          maxLength: 3,
          minLength: 1,
        },
      )
      .map((prospects) => ({
        body: Buffer.from(sampleAdf(prospects)),
        note: 'a valid ADF document',
      })),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...ADF_SWAPS), fc.nat(2))
      .map(([[pattern, replacement], position]) => {
        const prospects = [sampleProspect(), sampleProspect(), sampleProspect()]
        prospects[position] = prospects[position]!.replace(pattern, replacement)
        return {
          body: Buffer.from(sampleAdf(prospects)),
          note: `ADF with prospect ${position + 1} changed: ${replacement.slice(0, 30) || 'removed'}`,
        }
      }),
    weight: 3,
  },
  {
    arbitrary: fc.nat().map((cut) => {
      const text = sampleAdf()
      return { body: Buffer.from(text.slice(0, cut % text.length)), note: 'truncated ADF' }
    }),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(...HOSTILE_ADF).map((text) => ({
      body: Buffer.from(text),
      note: `hostile XML ${JSON.stringify(text.slice(0, 40))}`,
    })),
    weight: 3,
  },
  {
    arbitrary: fc.nat(INVALID_UTF8_BYTES.length - 1).map((index) => ({
      body: Buffer.concat([
        Buffer.from('<adf><prospect><customer><contact><name>'),
        INVALID_UTF8_BYTES[index]!,
        Buffer.from('</name></contact></customer></prospect></adf>'),
      ]),
      note: 'invalid UTF-8 in ADF',
    })),
    weight: 1,
  },
)

const adfBody: fc.Arbitrary<Encoded> = fc
  .tuple(
    adfDocument,
    fc.oneof(
      { arbitrary: fc.constantFrom('application/xml', 'text/xml; charset=utf-8'), weight: 6 },
      {
        arbitrary: fc.constantFrom('application/json', 'text/plain', 'application/soap+xml', ''),
        weight: 1,
      },
    ),
  )
  .map(([{ body, note }, contentType]) => ({
    body,
    contentType: contentType || undefined,
    note: `${note} as ${contentType || 'no Content-Type'}`,
  }))

const acceptHeader = fc.oneof(
  { arbitrary: fc.constant<string | undefined>(undefined), weight: 6 },
  {
    arbitrary: fc.constantFrom<string | undefined>(
      '*/*',
      'text/html',
      'application/xml',
      'image/png',
      'application/json;q=0',
      '',
      ';;;',
      'text/*, */*;q=0.1',
    ),
    weight: 1,
  },
)

const credential = (context: FuzzContext, principal: PrincipalKind): string | undefined => {
  if (principal === 'anonymous') return undefined
  return context.authorization[principal]
}
const BOGUS_CREDENTIALS = [
  'Bearer abc',
  'JWT not.a.token',
  'JWT ',
  'api-clients API-Key 0000',
  'users API-Key x',
  'deadbeef',
  'Basic Zm9vOmJhcg==',
  'api-clients API-Key %00',
]

// ---------------------------------------------------------------------------------------------
// A request

const OTHER_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'HEAD']

export const fuzzRequest = (context: FuzzContext): fc.Arbitrary<FuzzRequest> =>
  fc
    .record({
      accept: acceptHeader,
      bogus: fc.constantFrom(...BOGUS_CREDENTIALS),
      otherMethod: fc.option(fc.constantFrom(...OTHER_METHODS), { freq: 8, nil: undefined }),
      // Callers with a working credential get past the gate: most requests go as one of them.
      principal: fc.oneof(
        {
          arbitrary: fc.constantFrom<PrincipalKind>(
            'staff',
            'staffAdmin',
            'integrator',
            'leadAgent',
            'clientAdmin',
          ),
          weight: 6,
        },
        {
          arbitrary: fc.constantFrom<PrincipalKind>('anonymous', 'disabledClient', 'bogus'),
          weight: 2,
        },
      ),
      // The commerce and error endpoints are a small share of the routes but most of the contract.
      shape: fc.oneof(
        { arbitrary: fc.constantFrom(...commerceRoutes), weight: 3 },
        { arbitrary: fc.constantFrom(...restRoutes), weight: 4 },
        { arbitrary: fc.constantFrom(...authRoutes), weight: 1 },
      ),
    })
    .chain(({ accept, bogus, otherMethod, principal, shape }) => {
      const method = otherMethod ?? shape.method
      const sendsBody =
        !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method) ||
        (method === 'DELETE' && otherMethod !== undefined)
      return fc
        .record({
          body: !sendsBody
            ? fc.constant(undefined)
            : shape.body === 'adf'
              ? adfBody.map((encoded) => ({ encoded, notes: [] as string[] }))
              : mutatedBody(shape.body ?? 'none').chain(({ body, notes }) =>
                  encodeBody(body).map((encoded) => ({ encoded, notes })),
                ),
          id: shape.hasId ? idSegment(shape.slug) : fc.constant(undefined),
          query: query(shape.list || method === 'PATCH' || method === 'DELETE'),
        })
        .map(({ body, id, query: parts }): FuzzRequest => {
          let who: PrincipalKind = principal
          if (shape.noStaffToken && (who === 'staff' || who === 'staffAdmin')) who = 'anonymous'
          const notes: string[] = []
          let segment = id?.segment
          if (id) notes.push(id.note)
          // The callers' own records stay as they are: writes by id go to other records, bulk writes match nothing of theirs.
          if (shape.guardIds && method !== 'GET') {
            const own = context.protectedIds[shape.guardIds]
            if (segment !== undefined && own.map(String).includes(segment)) segment = '999999'
            if (!shape.hasId)
              parts = [
                ...parts,
                {
                  note: 'own records excluded',
                  text: qs.stringify(
                    { where: { id: { not_in: own } } },
                    { encodeValuesOnly: true },
                  ),
                },
              ]
          }
          const path =
            (segment === undefined ? shape.route : shape.route.replace(/\{(id|vin)\}/, segment)) +
            (parts.length ? `?${parts.map((part) => part.text).join('&')}` : '')
          notes.push(...parts.map((part) => part.note))
          const headers: Record<string, string> = {}
          const authorization = who === 'bogus' ? bogus : credential(context, who)
          if (authorization !== undefined) headers.authorization = authorization
          if (accept !== undefined) headers.accept = accept
          if (body) {
            if (body.encoded.contentType) headers['content-type'] = body.encoded.contentType
            notes.push(body.encoded.note, ...body.notes)
          }
          return {
            body: body?.encoded.body,
            headers,
            method,
            notes,
            path,
            principal: who,
            route: shape.route,
          }
        })
    })
