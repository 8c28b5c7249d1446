import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { Readable } from 'node:stream'

import { errorBody, messages } from '../commerce/errors'
import { isCommercePath } from '../commerce/paths'
import { checkPage, checkLimit, MAX_LIMIT } from '../lib/paging'

/**
 * Input that no handler can make sense of is refused here, before Payload sees it, with a 4xx
 * naming what is wrong: malformed percent-encoding, NUL characters (PostgreSQL cannot store
 * them), bodies that are not JSON objects, invalid UTF-8 or lone surrogates (which would be
 * stored as U+FFFD), absurd nesting, and paging values a list cannot serve.
 */

/** Deeper JSON than any record of the service has; deeper input only costs CPU and stack. */
export const MAX_JSON_DEPTH = 32

type Problem = { field: string; message: string }

/** Answers `status` in the envelope of the path: the commerce one on 1–10 and 18–19, Payload's elsewhere. */
const refuse = (req: Request, res: Response, status: number, message: string, problem?: Problem) => {
  const path = req.path
  if (isCommercePath(path)) {
    const commerceMessage = status === 400 && message !== messages.malformedJson ? messages.badRequest : message
    res.status(status).json(errorBody(status, commerceMessage, problem ? [problem] : [{ field: 'request', message }]))
    return
  }
  res.status(status).json({ errors: [{ message: problem ? `${problem.field}: ${problem.message}` : message }] })
}

const hasNul = (value: string) => value.includes('\u0000')
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const wellFormed = (value: string) => !LONE_SURROGATE.test(value)

/** Path segments must decode; a NUL in a path names no record (404 with the endpoint's not-found message). */
export const pathGuard: RequestHandler = (req, res, next) => {
  let decoded: string
  try {
    decoded = decodeURIComponent(req.path)
  } catch {
    refuse(req, res, 400, 'The path has malformed percent-encoding.', { field: 'path', message: 'has malformed percent-encoding' })
    return
  }
  // Commerce record endpoints answer their own not-found message for an id they cannot hold.
  if (hasNul(decoded) && !isCommercePath(req.path)) {
    res.status(404).json({ errors: [{ message: 'Not Found' }] })
    return
  }
  next()
}

/** The raw values of a query parameter (`page=1&page=2` is two values). */
const rawParams = (req: Request): URLSearchParams | null => {
  const search = req.url.split('?')[1]
  if (search === undefined) return new URLSearchParams()
  try {
    // URLSearchParams tolerates bad escapes; decodeURIComponent does not, and neither should we.
    for (const part of search.split('&')) decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    return null
  }
  return new URLSearchParams(search)
}

/**
 * Queries: no NUL anywhere, percent-encoding that decodes, and on GET the paging of a list:
 * `page` a whole number from 1, `limit` a whole number from 1 (more than MAX_LIMIT is served
 * as MAX_LIMIT, as the commerce lists do), and no `pagination=false`, which would return a
 * whole table. The commerce lists check their own paging (with their own error details).
 */
export const queryGuard: RequestHandler = (req, res, next) => {
  const params = rawParams(req)
  if (!params) {
    refuse(req, res, 400, 'The query string has malformed percent-encoding.', { field: 'query', message: 'has malformed percent-encoding' })
    return
  }
  for (const [name, value] of params) {
    if (hasNul(name) || hasNul(value)) {
      refuse(req, res, 400, 'The query string contains a NUL character.', { field: name.replace(/\u0000/g, ''), message: 'contains a NUL character' })
      return
    }
  }
  if (!['GET', 'HEAD'].includes(req.method) || isCommercePath(req.path)) return next()
  const problem = pagingProblem(params)
  if (problem) {
    refuse(req, res, 400, `${problem.field} ${problem.message}`, problem)
    return
  }
  // `limit`, and the limit of a join's list (`joins[locations][limit]`), are served as at most MAX_LIMIT.
  const limits = [...params.keys()].filter((name) => name === 'limit' || JOIN_LIMIT.test(name))
  const capped = limits.filter((name) => Number(params.get(name)) > MAX_LIMIT)
  if (capped.length) {
    for (const name of capped) params.set(name, String(MAX_LIMIT))
    req.url = `${req.url.split('?')[0]}?${params.toString()}`
  }
  next()
}

const JOIN_LIMIT = /^joins\[[^\]]*\]\[limit\]$/
const JOIN_PAGE = /^joins\[[^\]]*\]\[page\]$/

const pagingProblem = (params: URLSearchParams): null | Problem => {
  const names = [...new Set(params.keys())]
  // `limit[]=5` or `page[a]=2` would reach Payload as a list or an object.
  const nested = names.find((name) => /^(limit|page)\[/.test(name))
  if (nested) return { field: nested, message: 'must be a single whole number' }
  const checked: [string, (raw: string) => null | string][] = names.flatMap((name) =>
    name === 'page' || JOIN_PAGE.test(name) ? [[name, checkPage]] : name === 'limit' || JOIN_LIMIT.test(name) ? [[name, checkLimit]] : [],
  )
  for (const [name, check] of checked) {
    const values = params.getAll(name)
    if (values.length > 1) return { field: name, message: 'must be given once' }
    const problem = check(values[0])
    if (problem) return { field: name, message: problem }
  }
  const pagination = params.get('pagination')
  if (pagination !== null && pagination !== 'true') {
    return { field: 'pagination', message: `cannot be turned off: page through the list with page and limit (at most ${MAX_LIMIT})` }
  }
  return null
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i

/** The first problem in a parsed JSON value: too deep, a NUL, or a lone surrogate (in keys too). */
const jsonProblem = (root: unknown, rootPath: string): null | Problem => {
  const stack: { depth: number; path: string; value: unknown }[] = [{ depth: 0, path: rootPath, value: root }]
  while (stack.length) {
    const { depth, path, value } = stack.pop()!
    if (typeof value === 'string') {
      if (hasNul(value)) return { field: path, message: 'contains a NUL character' }
      if (!wellFormed(value)) return { field: path, message: 'contains an unpaired surrogate (invalid Unicode)' }
      continue
    }
    if (!value || typeof value !== 'object') continue
    if (depth >= MAX_JSON_DEPTH) return { field: path, message: `is nested more than ${MAX_JSON_DEPTH} levels deep` }
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}.${key}`
      if (hasNul(key) || !wellFormed(key)) return { field: path, message: 'has a field name with a NUL or invalid Unicode' }
      stack.push({ depth: depth + 1, path: childPath, value: child })
    }
  }
  return null
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads the body of a write (counting the bytes actually received, so a chunked body cannot
 * pass the cap), checks it, and hands the same bytes on to Payload. Over the cap: 413 at once,
 * and the rest is not read. JSON must be well-formed UTF-8, an object, without NULs, lone
 * surrogates or more than MAX_JSON_DEPTH levels; multipart (the admin UI's form posts and
 * uploads) must parse, and its `_payload` document passes the same checks; any other content
 * type is 415.
 */
export const bodyGuard =
  (maxBytesFor: (req: Request) => number): RequestHandler =>
  async (req, res, next) => {
    if (!['POST', 'PUT', 'PATCH'].includes(req.method)) return next()
    const maxBytes = maxBytesFor(req)
    const body = await readCapped(req, maxBytes)
    if (body === 'too-large') {
      res.status(413).set('Connection', 'close')
      refuse(req, res, 413, `Request body larger than ${maxBytes} bytes.`)
      return
    }
    if (body === 'aborted') return
    if (isGetOverride(req)) return readAsGet(req, res, next, body)
    replayBody(req, body)
    if (body.length === 0) return next()
    const type = req.headers['content-type'] ?? ''
    const refusal = MULTIPART_TYPE.test(type) ? await multipartRefusal(body, type) : jsonRefusal(type, body)
    if (refusal) {
      refuse(req, res, refusal.status, refusal.message, refusal.problem)
      return
    }
    // Payload only reads `application/json` as JSON; `application/vnd.api+json` and the like are JSON too.
    if (!MULTIPART_TYPE.test(type)) req.headers['content-type'] = 'application/json'
    next()
  }

type Refusal = { message: string; problem?: Problem; status: number }

const OVERRIDE_HEADERS = ['x-payload-http-method-override', 'x-http-method-override']
const isGetOverride = (req: Request) => req.method === 'POST' && OVERRIDE_HEADERS.some((name) => req.headers[name] === 'GET')

/**
 * Payload reads a POST with `X-Payload-HTTP-Method-Override: GET` and a form-encoded body as a GET
 * with that body as its query string (the admin UI's relationship fields send long queries so).
 * It becomes that GET here, so the query rules apply to it as to any other list request.
 */
const readAsGet = (req: Request, res: Response, next: NextFunction, body: Buffer) => {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    const problem = { field: 'Content-Type', message: 'must be application/x-www-form-urlencoded with a method override' }
    refuse(req, res, 415, 'Send the query of a method-override request form-encoded.', problem)
    return
  }
  let query: string
  try {
    query = decoder.decode(body)
  } catch {
    refuse(req, res, 400, 'The request body is not valid UTF-8.', { field: 'body', message: 'is not valid UTF-8' })
    return
  }
  const [path, search] = req.url.split(/\?(.*)/s, 2)
  req.method = 'GET'
  req.url = `${path}?${[search, query].filter(Boolean).join('&')}`
  for (const name of [...OVERRIDE_HEADERS, 'content-type', 'content-length', 'transfer-encoding']) delete req.headers[name]
  replayBody(req, Buffer.alloc(0))
  queryGuard(req, res, next)
}

/** Why a JSON body is refused, or null when it is a well-formed JSON object. */
const jsonRefusal = (type: string, body: Buffer): null | Refusal => {
  if (!JSON_TYPE.test(type)) {
    const problem = { field: 'Content-Type', message: 'must be application/json' }
    return { message: 'Send the request body as JSON (Content-Type: application/json).', problem, status: 415 }
  }
  let text: string
  try {
    text = decoder.decode(body)
  } catch {
    return { message: 'The request body is not valid UTF-8.', problem: { field: 'body', message: 'is not valid UTF-8' }, status: 400 }
  }
  return jsonTextRefusal(text, 'body')
}

const jsonTextRefusal = (text: string, field: string): null | Refusal => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { message: messages.malformedJson, status: 400 }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { message: `${field} must be a JSON object`, problem: { field, message: 'must be a JSON object' }, status: 400 }
  }
  const { id } = value as { id?: unknown }
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') {
    // Payload would quietly turn ["con_x"] into "con_x".
    return { message: 'id must be a string', problem: { field: 'id', message: 'must be a string' }, status: 400 }
  }
  const problem = jsonProblem(value, field)
  return problem ? { message: `${problem.field} ${problem.message}`, problem, status: 400 } : null
}

/**
 * The admin UI posts its forms as multipart with the document as JSON in `_payload`; uploads add
 * the file. A body that does not parse as multipart is 400, and `_payload` gets the JSON checks.
 */
const multipartRefusal = async (body: Buffer, type: string): Promise<null | Refusal> => {
  let form: FormData
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()
  } catch {
    return { message: 'The multipart/form-data body is malformed.', problem: { field: 'body', message: 'is not well-formed multipart/form-data' }, status: 400 }
  }
  const document = form.get('_payload')
  return typeof document === 'string' ? jsonTextRefusal(document, '_payload') : null
}

/** The body, or 'too-large' as soon as more than `maxBytes` arrived (the rest is left unread). */
const readCapped = (req: Request, maxBytes: number): Promise<'aborted' | 'too-large' | Buffer> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: 'aborted' | 'too-large' | Buffer) => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        req.pause()
        finish('too-large')
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => finish(Buffer.concat(chunks, size))
    const onError = () => finish('aborted')
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
  })

/**
 * Puts the bytes read back as the request's stream, the way Next itself replaces a body it has
 * buffered: the fields of a fresh Readable are copied onto the IncomingMessage, so Payload and
 * Next read the same body from the same object.
 */
const replayBody = (req: Request, body: Buffer) => {
  const replay = new Readable({ read() {} })
  const target = req as unknown as Record<string, unknown>
  for (const key in replay) {
    const value = (replay as unknown as Record<string, unknown>)[key]
    target[key] = typeof value === 'function' ? value.bind(target) : value
  }
  // Pushed through the request, not through `replay`: stream events must be emitted by the
  // request itself (an async iterator over it, as undici uses, ignores events from another emitter).
  req.push(body)
  req.push(null)
}
