/**
 * The OpenAPI document against what the service does, through Stoplight Prism's validating proxy
 * (test/helpers/prism.ts): every documented operation is called with a valid request and with
 * invalid ones (no credential, a credential that does not authenticate, a bad `limit` or `where`,
 * a wrong content type, an id that is not one), plus the sign-in with its second factor, bodies
 * over the cap and a spent sign-in budget. Prism reports in `sl-violations` every request and
 * every answer that does not match the document.
 *
 * What must hold: no answer violates the document (its status, headers and body are all
 * described), and no request sent as valid violates it. Requests sent as invalid are refused by
 * the service and may be flagged by Prism too: that flag is the document stating the rule.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { generateSync } from 'otplib'

import { compiledErrorCreates } from '@/flows/errorCreate'
import { compiledVdpEmailCreates } from '@/flows/vdpEmailCreate'
import { compiledVdpEmailPatches } from '@/flows/vdpEmailPatch'

import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { type PrismProxy, startPrismProxy } from '../helpers/prism'
import { startTestService, type TestService } from '../helpers/service'

type Obj = Record<string, any>
type Violation = { location: string[]; message: string; severity: string }
type Call = {
  body?: BodyInit
  /** What the request is: one the document allows, or one the service must refuse. */
  intent: 'invalid' | 'valid'
  headers?: Record<string, string>
  method: string
  /** The documented operation it calls: `get /errors/{id}`. */
  operation: string
  /** Under the document's server (/api), with the query. */
  url: string
}
type Sent = Call & { answer: string; status: number; violations: Violation[] }

/** Sign-ins per client address in this test's window: enough for the sequence, then spent on purpose. */
const AUTH_BUDGET = 150
const BIG = { points: 1_000_000, seconds: 60 }
const CONCURRENCY = 4
const NO_SUCH_SERIAL_ID = 2147483647
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

let service: TestService
let who: Record<PrincipalName, Principal>
let prism: PrismProxy
let document: Obj
let folder: string
const sent: Sent[] = []

/** Record ids to call by-id operations with, per collection (and the values a create copies). */
const fixtures: {
  filename: string
  ids: Record<string, number | string>
  preferenceId: number
  records: Record<string, Obj>
  throwaway: Record<string, number>
  versions: Record<string, number>
} = { filename: '', ids: {}, preferenceId: 0, records: {}, throwaway: {}, versions: {} }

const JSON_TYPE = { 'Content-Type': 'application/json' }

const COMMERCE_COLLECTIONS: Record<string, string> = {
  companies: 'company',
  consumers: 'consumer',
  contacts: 'contact',
  creditapps: 'credit-app',
  creditreports: 'credit-report',
  customers: 'customer',
  deals: 'deal',
  facilitators: 'facilitator',
  listings: 'vehicle',
  tco: 'vehicle',
  webevents: 'web-event',
}

const prepareFixtures = async () => {
  const { payload } = service
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true'
  const endpoint = await payload.create({
    collection: 'webhook-endpoints',
    data: { events: ['error.created'], url: 'http://127.0.0.1:9/hook' } as never,
  })
  await payload.create({ collection: 'errors', data: { message: 'seen by a storefront' } })
  await payload.update({
    collection: 'webhook-endpoints',
    data: { enabled: false } as never,
    id: endpoint.id,
  })
  const media = await payload.create({
    collection: 'media',
    data: { alt: 'A pixel' } as never,
    file: { data: PNG, mimetype: 'image/png', name: 'pixel.png', size: PNG.length },
  })
  fixtures.filename = String((media as Obj).filename)
  // A preference is the signed-in user's own: saved as the admin UI saves it.
  const saved = await service.api('/api/payload-preferences/sequence', {
    body: JSON.stringify({ value: { columns: [] } }),
    headers: { ...who.staffAdmin.headers, ...JSON_TYPE },
    method: 'POST',
  })
  expect(saved.status).toBe(200)
  const preference = await payload.find({
    collection: 'payload-preferences',
    limit: 1,
    where: { key: { equals: 'sequence' } },
  })
  fixtures.preferenceId = preference.docs[0].id as number
  for (const collection of payload.config.collections) {
    const { slug } = collection
    if (['payload-kv', 'payload-locked-documents', 'payload-migrations'].includes(slug)) continue
    const found = await payload.find({ collection: slug, depth: 0, limit: 1, sort: '-createdAt' })
    const record = found.docs[0] as Obj | undefined
    if (record) {
      fixtures.ids[slug] = record.id
      fixtures.records[slug] = record
    }
    if (collection.versions) {
      const versions = await payload.findVersions({ collection: slug, depth: 0, limit: 1 })
      if (versions.docs[0]) fixtures.versions[slug] = Number(versions.docs[0].id)
    }
  }
  const facilitator = await payload.find({
    collection: 'company',
    depth: 0,
    limit: 1,
    where: { isFacilitator: { equals: true } },
  })
  fixtures.ids.facilitator = facilitator.docs[0].id
  // Records the delete phase may remove without taking a caller's credential with them.
  const user = await payload.create({
    collection: 'users',
    data: { email: 'throwaway@example.com', password: crypto.randomUUID(), role: 'staff' },
  })
  const client = await payload.create({
    collection: 'api-clients',
    data: { enableAPIKey: true, name: 'Throwaway', role: 'integrator' } as never,
  })
  fixtures.throwaway = { 'api-clients': client.id as number, users: user.id as number }
}

/** A parameter object, its `$ref` to the shared ones resolved. */
const resolve = (item: Obj): Obj =>
  item.$ref
    ? resolve(document.components[item.$ref.split('/')[2]][item.$ref.split('/').pop()])
    : item

const schemaOf = (schema: Obj): Obj => (schema.$ref ? resolve(schema) : schema)

/** Values for the path parameters of `template` (a real record where there is one). */
const pathOf = (template: string, method: string, { badId = false } = {}): string => {
  const [first = '', ...rest] = template.split('/').filter(Boolean)
  const collection = COMMERCE_COLLECTIONS[first] ?? first
  return (
    '/' +
    [first, ...rest]
      .map((segment) => {
        if (!segment.startsWith('{')) return segment
        if (badId) return 'abc'
        if (segment === '{filename}') return fixtures.filename
        if (segment === '{vin}') return String(fixtures.ids.vehicle)
        if (segment === '{key}') return 'nav'
        if (rest[0] === 'versions')
          return String(fixtures.versions[collection] ?? NO_SUCH_SERIAL_ID)
        if (method === 'delete' && fixtures.throwaway[collection])
          return String(fixtures.throwaway[collection])
        if (segment === '{id}' && template.endsWith('/mfa-reset')) return String(who.staff.id)
        return encodeURIComponent(String(fixtures.ids[collection] ?? NO_SUCH_SERIAL_ID))
      })
      .join('/')
  )
}

/** A value of a property's schema (for a collection with no record to copy from). */
const sampleOf = (property: Obj): unknown => {
  const schema = schemaOf(property.oneOf?.[0] ?? property)
  if (schema.enum) return schema.enum[0]
  return (
    { array: [], boolean: false, integer: 1, number: 1, object: {}, string: 'sample' }[
      schema.type as string
    ] ?? {}
  )
}

/** A body the document accepts for `operation` (null when it takes none). */
const validBody = (template: string, operation: Obj): null | { body: BodyInit; headers: Obj } => {
  const content = operation.requestBody?.content
  if (!content) return null
  const json = (value: unknown) => ({ body: JSON.stringify(value), headers: JSON_TYPE })
  // An operation's own JSON example first (a list upload takes its files as JSON text too).
  if (content['application/json']?.example) return json(content['application/json'].example)
  if (content['multipart/form-data']) {
    const form = new FormData()
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png')
    form.append('_payload', JSON.stringify({ alt: 'A pixel' }))
    return { body: form, headers: {} }
  }
  // An XML body (ADF documents): the document's own example.
  const xml = content['application/xml']
  if (xml?.example) return { body: xml.example, headers: { 'Content-Type': 'application/xml' } }
  // A form (a provider's back-channel logout): the document's own example.
  const form = content['application/x-www-form-urlencoded']
  if (form?.example)
    return {
      body: new URLSearchParams(form.example).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }
  const media = content['application/json']
  if (template.endsWith('/import')) return json({ dryRun: true, rows: [{}] })
  if (template.startsWith('/payload-preferences/')) return json({ value: { columns: [] } })
  const schema = schemaOf(media.schema)
  const collection = template.split('/')[1]
  const record = fixtures.records[collection] ?? {}
  const values: Obj = {}
  for (const name of schema.required ?? [])
    values[name] = record[name] ?? sampleOf(schema.properties[name])
  return json(values)
}

/** The calls of one documented operation: a valid one and the invalid ones that apply. */
const callsOf = (template: string, method: string, operation: Obj): Call[] => {
  const name = `${method} ${template}`
  const parameters = (operation.parameters ?? []).map(resolve)
  const names = new Set(parameters.map((parameter: Obj) => parameter.name))
  const commerce = Boolean(COMMERCE_COLLECTIONS[template.split('/')[1]])
  const caller = commerce ? who.clientAdmin.headers : who.staffAdmin.headers
  const publicOperation = (operation.security ?? []).some(
    (requirement: Obj) => Object.keys(requirement).length === 0,
  )
  const query = names.has('limit')
    ? '?limit=2'
    : names.has('q')
      ? '?q=ma'
      : parameters.some(
            (parameter: Obj) =>
              parameter.name === 'where' && parameter.description?.includes('Required'),
          )
        ? `?where=${encodeURIComponent(JSON.stringify({ id: { equals: 'no-such-record' } }))}`
        : ''
  const body = validBody(template, operation)
  const url = pathOf(template, method) + query
  const base = { method: method.toUpperCase(), operation: name }
  const calls: Call[] = [
    { ...base, body: body?.body, headers: { ...caller, ...body?.headers }, intent: 'valid', url },
    // Without a credential where one is needed; where none is, with one that does not authenticate.
    {
      ...base,
      body: body?.body,
      headers: publicOperation
        ? { Authorization: 'api-clients API-Key no-such-key', ...body?.headers }
        : body?.headers,
      intent: 'invalid',
      url,
    },
  ]
  if (names.has('limit'))
    calls.push({
      ...base,
      headers: caller,
      intent: 'invalid',
      url: `${pathOf(template, method)}?limit=0`,
    })
  if (names.has('sort'))
    calls.push({
      ...base,
      headers: caller,
      intent: 'invalid',
      url: `${pathOf(template, method)}?sort=nope`,
    })
  if (names.has('where'))
    calls.push(
      {
        ...base,
        headers: caller,
        intent: 'invalid',
        url: `${pathOf(template, method)}?where=abc`,
      },
      // A field the collection does not have: Payload's QueryError, in the documented shape.
      {
        ...base,
        headers: caller,
        intent: 'invalid',
        url: `${pathOf(template, method)}?where[nope][equals]=1`,
      },
    )
  if (body)
    calls.push({
      ...base,
      body: 'plain text',
      headers: { ...caller, 'Content-Type': 'text/plain' },
      intent: 'invalid',
      url,
    })
  const serial = parameters.some(
    (parameter: Obj) => parameter.in === 'path' && parameter.schema?.type === 'integer',
  )
  if (serial)
    calls.push({
      ...base,
      headers: caller,
      intent: 'invalid',
      url: pathOf(template, method, { badId: true }),
    })
  return calls
}

/** The object schemas a value may be read against (through `$ref`, `oneOf`, `anyOf`, `allOf`). */
const objectSchemas = (schema: Obj | undefined): Obj[] => {
  const resolved = schema && schemaOf(schema)
  if (!resolved) return []
  if (resolved.allOf) {
    const parts: Obj[] = resolved.allOf.flatMap(objectSchemas)
    return [
      {
        additionalProperties: parts.find((part) => part.additionalProperties)?.additionalProperties,
        open: parts.some((part) => part.open),
        properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
      },
    ]
  }
  const options = resolved.oneOf ?? resolved.anyOf
  if (options) return options.flatMap(objectSchemas)
  if (resolved.type && resolved.type !== 'object') return []
  // No properties named: any object (a JSON field, a free-form answer).
  return resolved.properties ? [resolved] : [{ open: true }]
}

/** The properties of `value` its schema does not name (`.data.facilitator.location`). */
const unnamed = (schema: Obj | undefined, value: unknown, at: string, found: Set<string>) => {
  if (Array.isArray(value)) {
    const resolved = schema && schemaOf(schema)
    const list = [resolved, ...(resolved?.oneOf ?? resolved?.anyOf ?? []).map(schemaOf)].find(
      (option) => option?.items,
    )
    for (const item of value) unnamed(list?.items, item, `${at}[]`, found)
    return
  }
  if (!value || typeof value !== 'object') return
  const options = objectSchemas(schema)
  if (!options.length || options.some((option) => option.open)) return
  for (const [key, item] of Object.entries(value)) {
    const named = options.find((option) => option.properties && key in option.properties)
    if (named) unnamed(named.properties[key], item, `${at}.${key}`, found)
    else if (options.some((option) => option.additionalProperties === true)) continue
    else {
      const map = options.find((option) => typeof option.additionalProperties === 'object')
      if (map) unnamed(map.additionalProperties, item, `${at}.${key}`, found)
      else found.add(`${at}.${key}`)
    }
  }
}

/** For a valid call's JSON success, the properties of the answer its schema does not name. */
const undocumentedIn = (item: Sent): string[] => {
  if (item.intent !== 'valid' || item.status >= 300) return []
  const [method, template] = item.operation.split(' ')
  const response = document.paths[template]?.[method]?.responses?.[item.status]
  const schema = response && resolve(response).content?.['application/json']?.schema
  if (!schema) return []
  let body: unknown
  try {
    body = JSON.parse(item.answer)
  } catch {
    return []
  }
  const found = new Set<string>()
  unnamed(schema, body, '', found)
  return [...found]
}

/**
 * Prism closes a kept-alive connection after 5 idle seconds; on a busy machine the client can
 * reuse one just as it closes and get ECONNRESET before anything was read. That request never
 * reached Prism, so it is sent once more.
 */
const fetchThroughPrism = async (call: Call, again = true): Promise<Response> => {
  try {
    return await fetch(prism.url + call.url, {
      body: call.body,
      headers: call.headers,
      method: call.method,
    })
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code
    if (again && code === 'ECONNRESET') return fetchThroughPrism(call, false)
    throw error
  }
}

const send = async (call: Call): Promise<Sent> => {
  const response = await fetchThroughPrism(call)
  const answer = await response.text()
  const header = response.headers.get('sl-violations')
  let violations: Violation[] = []
  if (header) {
    try {
      violations = JSON.parse(header) as Violation[]
    } catch {
      violations = [{ location: ['response'], message: header, severity: 'Error' }]
    }
  }
  const result = { ...call, answer, status: response.status, violations }
  sent.push(result)
  return result
}

const sendAll = async (calls: Call[]) => {
  const queue = [...calls]
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let call = queue.shift(); call; call = queue.shift()) await send(call)
    }),
  )
}

const SIGN_IN_BODIES: Record<string, (collection: string) => Obj> = {
  'first-register': () => ({ email: 'first@example.com', password: 'a long password 1' }),
  'forgot-password': () => ({ email: who.staff.login!.email }),
  login: () => ({ email: 'nobody@example.com', password: 'wrong password' }),
  'reset-password': () => ({ password: 'a long password 1', token: 'no-such-token' }),
  unlock: () => ({ email: who.staff.login!.email }),
}

/** Operations the sequence calls in a step of their own: sign-in and sign-out, and deletes. */
const special = (template: string, method: string) =>
  /\/(login|logout|refresh-token|first-register|forgot-password|reset-password|unlock)$/.test(
    template,
  ) ||
  (method === 'delete' && /\{id\}$/.test(template))

const signInCalls = (): Call[] =>
  Object.entries(document.paths as Record<string, Obj>).flatMap(([template, methods]) => {
    const route = template.split('/').pop()!
    const body = SIGN_IN_BODIES[route]
    if (!body || !methods.post) return []
    return [
      {
        body: JSON.stringify(body(template.split('/')[1])),
        headers: JSON_TYPE,
        intent: 'valid' as const,
        method: 'POST',
        operation: `post ${template}`,
        url: template,
      },
      {
        body: 'plain text',
        headers: { 'Content-Type': 'text/plain' },
        intent: 'invalid' as const,
        method: 'POST',
        operation: `post ${template}`,
        url: template,
      },
    ]
  })

const signIn = (body: Obj, intent: Call['intent'] = 'valid') =>
  send({
    body: JSON.stringify(body),
    headers: JSON_TYPE,
    intent,
    method: 'POST',
    operation: 'post /users/login',
    url: '/users/login',
  })

/** Sign-in with a password, then the second factor: enrolment, a code, a recovery code, a wrong code. */
const secondFactorSteps = async () => {
  const { email, password } = who.staffAdmin.login!
  const enrol = await signIn({ email, password })
  expect(enrol.status).toBe(401)
  const challenge = JSON.parse(enrol.answer).errors[0].data
  expect(challenge.mfa).toBe('enrol')
  const code = generateSync({ secret: challenge.secret })
  const enrolled = await signIn({ code, email, enrolmentToken: challenge.enrolmentToken, password })
  expect(enrolled.status).toBe(200)
  const asked = await signIn({ email, password })
  expect(JSON.parse(asked.answer).errors[0].data.mfa).toBe('code')
  await signIn({ code: '000000', email, password }, 'invalid')
  const later = generateSync({
    epoch: Math.floor(Date.now() / 1000) + 30,
    secret: challenge.secret,
  })
  await signIn({ code: later, email, password })
}

/** A session of its own, to refresh and end. */
const sessionCalls = async (): Promise<Call[]> => {
  const { email, password } = who.staff.login!
  const fresh = async () =>
    (await service.payload.login({ collection: 'users', data: { email, password } })).token!
  const calls: Call[] = []
  for (const route of ['refresh-token', 'logout']) {
    const operation = `post /users/${route}`
    calls.push({
      headers: { Authorization: `JWT ${await fresh()}` },
      intent: 'valid',
      method: 'POST',
      operation,
      url: `/users/${route}`,
    })
    calls.push({ intent: 'invalid', method: 'POST', operation, url: `/users/${route}` })
    calls.push({
      headers: { Authorization: 'JWT not-a-token' },
      intent: 'invalid',
      method: 'POST',
      operation,
      url: `/users/${route}`,
    })
  }
  return calls
}

/**
 * API clients' writes that the compiled writes answer (src/flows), not Payload's handlers: their
 * answers are checked against the document like every other.
 */
const compiledWriteCalls = (): Call[] => {
  const write = (
    principal: PrincipalName,
    method: 'PATCH' | 'POST',
    template: string,
    url: string,
    body: Obj,
  ): Call => ({
    body: JSON.stringify(body),
    headers: { ...who[principal].headers, ...JSON_TYPE },
    intent: 'valid',
    method,
    operation: `${method.toLowerCase()} ${template}`,
    url,
  })
  const vins = [fixtures.ids.vin]
  return [
    write('leadAgent', 'PATCH', '/vdpEmails/{id}', `/vdpEmails/${fixtures.ids.vdpEmails}`, {
      vins,
    }),
    write('clientAdmin', 'POST', '/vdpEmails', '/vdpEmails', { lead: fixtures.ids.lead, vins }),
    write('anonymous', 'POST', '/errors', '/errors', {
      message: 'from a storefront',
      source: 'web',
    }),
  ]
}

/** Writes that name their city inline, `{name, state}`, as the document allows: created (201). */
const inlineCityCalls = (): Call[] => {
  const state = String(fixtures.records.city.state)
  const post = (collection: string, body: Obj): Call => ({
    body: JSON.stringify(body),
    headers: { ...who.staffAdmin.headers, ...JSON_TYPE },
    intent: 'valid',
    method: 'POST',
    operation: `post /${collection}`,
    url: `/${collection}`,
  })
  return [
    post('address', { city: { name: 'Inline Springs', state }, line1: '1 Main St', zip: '78701' }),
    post('location', {
      city: { name: 'Inline Springs', state: { code: state } },
      companyId: fixtures.ids.company,
      line1: '2 Main St',
      zip: '78701',
    }),
  ]
}

/** Bodies over the cap: refused unread with 413. */
const oversizeCalls = (): Call[] => [
  {
    body: JSON.stringify({ message: 'x'.repeat(70 * 1024) }),
    headers: JSON_TYPE,
    intent: 'invalid',
    method: 'POST',
    operation: 'post /errors',
    url: '/errors',
  },
  {
    body: JSON.stringify({ source: 'x'.repeat(1100 * 1024) }),
    headers: { ...who.staffAdmin.headers, ...JSON_TYPE },
    intent: 'invalid',
    method: 'PATCH',
    operation: 'patch /lead/{id}',
    url: `/lead/${fixtures.ids.lead}`,
  },
]

/** Spends what is left of the sign-in budget, then one more: 429 with Retry-After. */
const spendSignInBudget = async () => {
  for (let tries = 0; tries <= AUTH_BUDGET; tries++) {
    const refused = await signIn(
      { email: 'nobody@example.com', password: 'wrong password' },
      'invalid',
    )
    if (refused.status === 429) return
  }
}

beforeAll(async () => {
  service = await startTestService({
    rateLimits: { api: BIG, auth: { points: AUTH_BUDGET, seconds: 900 }, commerce: BIG },
    seed: true,
  })
  who = await createPrincipals(service.payload)
  await prepareFixtures()
  document = await (await service.api('/api/openapi.json')).json()
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-proxy-'))
  const file = path.join(folder, 'openapi.json')
  fs.writeFileSync(file, JSON.stringify(document))
  prism = await startPrismProxy(file, `${service.url}/api`)
}, 240_000)

afterAll(async () => {
  await prism?.stop()
  await service?.close()
  if (folder) fs.rmSync(folder, { force: true, recursive: true })
})

describe('the service behind Prism’s validating proxy', () => {
  it('answers every documented operation, valid and invalid requests, as the document says', async () => {
    const operations = Object.entries(document.paths as Record<string, Obj>).flatMap(
      ([template, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method,
          operation: operation as Obj,
          template,
        })),
    )
    const calls = operations.flatMap(({ method, operation, template }) =>
      callsOf(template, method, operation),
    )
    await sendAll(
      calls.filter((call) => !special(call.operation.split(' ')[1], call.method.toLowerCase())),
    )
    await sendAll(signInCalls())
    await secondFactorSteps()
    // One after another: sessions of one user are one row to write.
    for (const call of await sessionCalls()) await send(call)
    await sendAll(oversizeCalls())
    for (const call of inlineCityCalls()) expect((await send(call)).status).toBe(201)
    const counters = [compiledVdpEmailPatches, compiledVdpEmailCreates, compiledErrorCreates]
    const served = counters.map((counter) => counter.served)
    const compiledStatuses = []
    for (const call of compiledWriteCalls()) compiledStatuses.push((await send(call)).status)
    expect(compiledStatuses).toEqual([200, 201, 201])
    expect(counters.map((counter) => counter.served)).toEqual(served.map((n) => n + 1))
    await sendAll(
      calls.filter(
        (call) => call.method === 'DELETE' && special(call.operation.split(' ')[1], 'delete'),
      ),
    )
    await spendSignInBudget()

    // For a look at every answer: OPENAPI_PROXY_DUMP=/tmp/sent.json npx jest test/int/openapiProxy.test.ts
    if (process.env.OPENAPI_PROXY_DUMP)
      fs.writeFileSync(process.env.OPENAPI_PROXY_DUMP, JSON.stringify(sent, null, 1))
    const report = (items: Sent[]) =>
      items.map(({ answer, method, status, url, violations }) => ({
        answer: answer.slice(0, 160),
        call: `${method} ${url.slice(0, 120)}`,
        status,
        violations: violations.map(
          (violation) => `${violation.location.join('.')}: ${violation.message}`,
        ),
      }))
    const answerViolations = sent.filter((item) =>
      item.violations.some((violation) => violation.location[0] === 'response'),
    )
    const invalidValidRequests = sent.filter(
      (item) =>
        item.intent === 'valid' &&
        item.violations.some((violation) => violation.location[0] === 'request'),
    )
    expect(report(answerViolations)).toEqual([])
    expect(report(invalidValidRequests)).toEqual([])
    // A documented duplicate succeeds: a collection whose copy could only repeat a unique value
    // (a VIN) does not offer one.
    const failedDuplicates = sent.filter(
      (item) =>
        item.intent === 'valid' && item.operation.endsWith('/duplicate') && item.status === 400,
    )
    expect(report(failedDuplicates)).toEqual([])
    // A sort by something that is not a field is refused on every list, never ignored.
    const unsorted = sent.filter((item) => item.url.endsWith('?sort=nope') && item.status !== 400)
    expect(report(unsorted)).toEqual([])
    // Every property a success answers is in its schema: a typed client reaches it without a cast.
    const undocumented = sent.flatMap((item) => {
      const paths = undocumentedIn(item)
      return paths.length ? [`${item.method} ${item.url.split('?')[0]}: ${paths.join(' ')}`] : []
    })
    expect(undocumented).toEqual([])

    // Every operation was called, validly and not.
    const called = (intent: Call['intent']) =>
      new Set(sent.filter((item) => item.intent === intent).map((item) => item.operation))
    const documented = operations.map(({ method, template }) => `${method} ${template}`)
    expect(documented.filter((name) => !called('valid').has(name))).toEqual([])
    expect(documented.filter((name) => !called('invalid').has(name))).toEqual([])
    // And the refusals the document promises were seen.
    const statuses = new Set(sent.map((item) => item.status))
    for (const status of [200, 201, 400, 401, 403, 404, 413, 415, 429])
      expect(statuses).toContain(status)
  }, 600_000)
})

describe('what the document promises, called directly', () => {
  const json = async (url: string, init: RequestInit = {}) => {
    const response = await service.api(url, init)
    return { body: await response.json(), response }
  }

  it('answers a path no route serves, whatever the method, in Payload’s {errors: [{message}]}', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-route'],
      ['POST', '/api/no-such-route'],
      ['DELETE', '/api/no-such-route/1'],
      ['GET', '/api/errors/1/no-such-action'],
      ['GET', '/api/__proto__'],
    ]) {
      const { body, response } = await json(url, { headers: who.staffAdmin.headers, method })
      expect([method, url, response.status]).toEqual([method, url, 404])
      expect(body).toEqual({ errors: [{ message: expect.stringMatching(/^Route not found/) }] })
    }
    const { body, response } = await json('/api/errors', {
      headers: who.staffAdmin.headers,
      method: 'PROPFIND',
    })
    expect(response.status).toBe(405)
    expect(body).toEqual({ errors: [{ message: 'Method Not Allowed' }] })
  })

  it('names the field a `where` cannot query in `errors[].data.errors`, an object as on every refusal', async () => {
    const { body, response } = await json('/api/errors?where[nope][equals]=1', {
      headers: who.staffAdmin.headers,
    })
    expect(response.status).toBe(400)
    expect(body.errors[0].data).toEqual({
      errors: [{ message: 'cannot be queried', path: 'nope' }],
    })
  })

  it('answers /api with an index whose links all answer', async () => {
    const { body, response } = await json('/api')
    expect(response.status).toBe(200)
    expect(body).toEqual({
      links: {
        docs: '/api/docs',
        health: '/healthz',
        openapi: '/api/openapi.json',
        ready: '/readyz',
      },
      name: document.info.title,
      version: document.info.version,
    })
    expect((await json('/api/')).body).toEqual(body)
    for (const link of Object.values(body.links as Record<string, string>))
      expect([link, (await service.api(link)).status]).toEqual([link, 200])
  })

  it('does what the introduction says of HEAD, OPTIONS and a trailing slash', async () => {
    const intro = String(document.info.description)
    for (const said of ['`HEAD`', '`OPTIONS`', 'trailing slash', '308', '`/og`'])
      expect([said, intro.includes(said)]).toEqual([said, true])
    const get = await service.api('/api/errors?limit=1', { headers: who.staffAdmin.headers })
    const head = await service.api('/api/errors?limit=1', {
      headers: who.staffAdmin.headers,
      method: 'HEAD',
    })
    expect([head.status, head.headers.get('content-type')]).toEqual([
      get.status,
      get.headers.get('content-type'),
    ])
    expect(await head.text()).toBe('')
    const options = await service.api('/api/errors', { method: 'OPTIONS' })
    expect(options.status).toBe(200)
    expect(options.headers.get('access-control-allow-methods')).toContain('GET')
    expect(await options.json()).toEqual({})
    const slash = await service.api('/api/errors/?limit=1', { redirect: 'manual' })
    expect([slash.status, slash.headers.get('location')]).toEqual([308, '/api/errors?limit=1'])
  })

  it('refuses to refresh or end an API key’s session, which it has not, saying why', async () => {
    for (const route of ['refresh-token', 'logout']) {
      expect(document.paths[`/api-clients/${route}`]).toBeUndefined()
      const { body, response } = await json(`/api/api-clients/${route}`, {
        headers: who.clientAdmin.headers,
        method: 'POST',
      })
      expect([route, response.status]).toEqual([route, 403])
      expect(body).toEqual({
        errors: [{ message: expect.stringMatching(/^An API key has no session/) }],
      })
      const anonymous = await json(`/api/api-clients/${route}`, { method: 'POST' })
      expect([route, anonymous.response.status]).toEqual([route, 401])
      expect(anonymous.body).toEqual({ errors: [{ message: 'Unauthorized' }] })
    }
    // The key still works.
    expect(
      (await service.api('/api/api-clients/me', { headers: who.clientAdmin.headers })).status,
    ).toBe(200)
  })

  it('refuses a REST list’s sort by what is not a field, as the commerce lists do, and takes real ones', async () => {
    const list = (query: string) =>
      json(`/api/errors?${query}`, { headers: who.staffAdmin.headers })
    const refused = await list('sort=nope')
    expect(refused.response.status).toBe(400)
    expect(refused.body).toEqual({
      errors: [
        {
          message:
            'sort: must name fields of errors, each optionally preceded by - (descending), separated by commas: "nope" is not one',
        },
      ],
    })
    expect((await list('sort=-createdAt,nope')).response.status).toBe(400)
    expect((await list('sort[0]=nope')).response.status).toBe(400)
    for (const query of ['sort=-createdAt', 'sort=message,-id', 'sort[0]=id', 'sort='])
      expect([query, (await list(query)).response.status]).toEqual([query, 200])
    const commerce = await json('/api/companies?sort=nope', { headers: who.clientAdmin.headers })
    expect(commerce.response.status).toBe(400)
  })

  it('names a preference by its key on every method of /payload-preferences/{key}: no PATCH by numeric id there', async () => {
    expect(Object.keys(document.paths['/payload-preferences/{key}']).sort()).toEqual([
      'delete',
      'get',
      'post',
    ])
    const { body, response } = await json(`/api/payload-preferences/${fixtures.preferenceId}`, {
      body: JSON.stringify({ value: { columns: [] } }),
      headers: { ...who.staffAdmin.headers, ...JSON_TYPE },
      method: 'PATCH',
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE')
    expect(body.errors[0].message).toMatch(/^A preference is saved by its key/)
  })
})
