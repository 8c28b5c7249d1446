import { Readable } from 'node:stream'

import type { NextFunction, Request, RequestHandler, Response } from 'express'

import { ADF_CONTENT_TYPE, ADF_PATH } from '@/adf/endpoint'
import { BACKCHANNEL_LOGOUT_PATH } from '@/auth/oidc/endpoints'
import type { Problem } from '@/errors'
import { messages } from '@/errors'
import { jsonProblem, splitUrl } from '@/validation/json'

import { queryGuard } from './queryGuard'
import { apiPathOf, refuse } from './refuse'

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i
const OVERRIDE_HEADERS = ['x-payload-http-method-override', 'x-http-method-override']

const decoder = new TextDecoder('utf-8', { fatal: true })

type Refusal = { message: string; problem?: Problem; status: number }

const notUtf8: Refusal = {
  message: 'The request body is not valid UTF-8.',
  problem: { field: 'body', message: 'is not valid UTF-8' },
  status: 400,
}

/**
 * Reads the body of a write (counting the bytes actually received, so a chunked body cannot
 * pass the cap), checks it, and hands the same bytes on to Payload. Over the cap: 413 at once,
 * the rest unread. JSON (`application/json` or any `…+json` type) must be well-formed UTF-8, an
 * object, without NULs, lone surrogates or deep nesting; multipart (the admin UI's form posts and
 * uploads) must parse, and its `_payload` document passes the same checks; a form-encoded POST
 * with a GET method override becomes that GET (and a back-channel logout stays a form, for its
 * endpoint); any other content type is 415.
 */
export const bodyGuard =
  (maxBytesFor: (req: Request) => number): RequestHandler =>
  async (req, res, next) => {
    if (!['POST', 'PUT', 'PATCH'].includes(req.method)) return next()
    const maxBytes = maxBytesFor(req)
    const body = await readCapped(req, maxBytes)
    if (body === 'aborted') return
    if (body === 'too-large') {
      res.set('Connection', 'close')
      refuse(req, res, 413, `Request body larger than ${maxBytes} bytes.`)
      return
    }
    if (isGetOverride(req)) return readAsGet(req, res, next, body)
    // An empty body is an empty JSON object: Payload's create crashes on no data at all, and an
    // empty form or document has nothing to parse.
    if (body.length === 0) {
      replayBody(req, Buffer.from('{}'))
      req.headers['content-type'] = 'application/json'
      delete req.headers['transfer-encoding']
      req.headers['content-length'] = '2'
      return next()
    }
    replayBody(req, body)
    // Kept for the idempotency check, which compares a retry's bytes with the first request's.
    res.locals.body = body
    const type = req.headers['content-type'] ?? ''
    // An ADF document is XML, read and checked whole by its endpoint (src/adf).
    if (apiPathOf(req) === ADF_PATH) {
      if (ADF_CONTENT_TYPE.test(type)) return next()
      const problem = { field: 'Content-Type', message: 'must be application/xml or text/xml' }
      return refuse(
        req,
        res,
        415,
        'Send the ADF document as XML (Content-Type: application/xml).',
        problem,
      )
    }
    // A logout token comes form-encoded from the identity provider, read by its endpoint (src/auth/oidc).
    if (BACKCHANNEL_LOGOUT_PATH.test(apiPathOf(req))) {
      if (FORM_TYPE.test(type)) return next()
      const problem = {
        field: 'Content-Type',
        message: 'must be application/x-www-form-urlencoded',
      }
      return refuse(req, res, 415, 'Send the logout token form-encoded.', problem)
    }
    const multipart = MULTIPART_TYPE.test(type)
    const refusal = multipart ? await multipartRefusal(body, type) : jsonRefusal(type, body)
    if (refusal) return refuse(req, res, refusal.status, refusal.message, refusal.problem)
    // Payload reads only `application/json` as JSON; `application/vnd.api+json` and the like are JSON too.
    if (!multipart) req.headers['content-type'] = 'application/json'
    next()
  }

export const isGetOverride = (req: Request): boolean =>
  req.method === 'POST' && OVERRIDE_HEADERS.some((name) => req.headers[name] === 'GET')

/**
 * Payload reads a POST with `X-Payload-HTTP-Method-Override: GET` and a form-encoded body as a GET
 * with that body as its query string (the admin UI's relationship fields send long queries so).
 * It becomes that GET here, so the query rules apply to it as to any other list request.
 */
const readAsGet = (req: Request, res: Response, next: NextFunction, body: Buffer) => {
  if (!FORM_TYPE.test(req.headers['content-type'] ?? '')) {
    const problem = {
      field: 'Content-Type',
      message: 'must be application/x-www-form-urlencoded with a method override',
    }
    return refuse(
      req,
      res,
      415,
      'Send the query of a method-override request form-encoded.',
      problem,
    )
  }
  let query: string
  try {
    query = decoder.decode(body)
  } catch {
    return refuse(req, res, notUtf8.status, notUtf8.message, notUtf8.problem)
  }
  const [path, search] = splitUrl(req.url)
  req.method = 'GET'
  req.url = `${path}?${[search, query].filter(Boolean).join('&')}`
  for (const name of [...OVERRIDE_HEADERS, 'content-type', 'content-length', 'transfer-encoding'])
    delete req.headers[name]
  replayBody(req, Buffer.alloc(0))
  queryGuard(req, res, next)
}

/** Why a JSON body is refused, or null when it is a well-formed JSON object. */
const jsonRefusal = (type: string, body: Buffer): null | Refusal => {
  if (!JSON_TYPE.test(type)) {
    const problem = { field: 'Content-Type', message: 'must be application/json' }
    return {
      message: 'Send the request body as JSON (Content-Type: application/json).',
      problem,
      status: 415,
    }
  }
  try {
    return jsonTextRefusal(decoder.decode(body), 'body')
  } catch {
    return notUtf8
  }
}

const jsonTextRefusal = (text: string, field: string): null | Refusal => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { message: messages.malformedJson, status: 400 }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return {
      message: `${field} must be a JSON object`,
      problem: { field, message: 'must be a JSON object' },
      status: 400,
    }
  }
  const { id } = value as { id?: unknown }
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') {
    // Payload would quietly turn ["con_x"] into "con_x".
    return {
      message: 'id must be a string or a number',
      problem: { field: 'id', message: 'must be a string or a number' },
      status: 400,
    }
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
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': type },
    }).formData()
  } catch {
    return {
      message: 'The multipart/form-data body is malformed.',
      problem: { field: 'body', message: 'is not well-formed multipart/form-data' },
      status: 400,
    }
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
      if (size <= maxBytes) return void chunks.push(chunk)
      req.pause()
      finish('too-large')
    }
    const onEnd = () => finish(Buffer.concat(chunks, size))
    const onError = () => finish('aborted')
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
  })

/**
 * Puts the bytes read back as the request's stream: a fresh stream state holding them, pushed
 * through the request itself, so Payload (and Next, which wraps the request for undici) read the
 * same body from the same object, and its events come from the request (an async iterator over
 * it ignores events from any other emitter).
 */
export const replayBody = (req: Request, body: Buffer): void => {
  // Node's stream internals, which no type declares.
  const fresh = new Readable({ read() {} })
  Reflect.set(req, '_readableState', Reflect.get(fresh, '_readableState'))
  Reflect.set(req, '_read', Reflect.get(fresh, '_read'))
  req.push(body)
  req.push(null)
}
