import type { Endpoint, PayloadRequest } from 'payload'
import { addDataAndFileToRequest, NotFound } from 'payload'

import { commerceAnswer, CommerceError, errorResponse, messages } from '@/errors'
import { isRecord } from '@/lib/isRecord'

import { ROLE_SETS } from '../../access/policy'
import { checkRole } from '../../access/roles'
import { versionOf } from '../../hooks/checkIfMatch'

/**
 * The version of the one record an answer carries (its id and `updatedAt`), handed to the HTTP
 * layer in this header, which it turns into the ETag and removes: no need to parse the answer
 * back to find them (src/http/etag.ts).
 */
export const RECORD_VERSION_HEADER = 'x-record-version'

/** A success answer of an endpoint, before it is serialized: its JSON body, headers and status. */
export type Answer = { body: unknown; headers: Record<string, string>; status: number }

const versionHeaders = (answer: unknown): Record<string, string> => {
  const record = isRecord(answer) && isRecord(answer.data) ? answer.data : undefined
  const id = record?.id
  const updatedAt = record?.updatedAt
  return (typeof id === 'string' || typeof id === 'number') && typeof updatedAt === 'string'
    ? { [RECORD_VERSION_HEADER]: versionOf({ id, updatedAt }) }
    : {}
}

/**
 * Who may use endpoints 1–10 and 18–19: integrator and admin API clients, and signed-in staff (a
 * dealer reads only their company's records: the collections' access says which).
 */
export const COMMERCE_ROLES = ROLE_SETS.commerce

type Options = {
  method: 'get' | 'patch' | 'post'
  /** The contract's not-found message for this endpoint (section 7). */
  notFound?: string
  path: string
  run: (req: PayloadRequest) => Promise<unknown>
}

/**
 * An endpoint in the commerce envelope (1–10, and the lookups 18–19): checks the caller, runs
 * `run`, and answers 200 with what it returns, or the error body. The handlers stay a few lines.
 * Its mark (`custom.envelope`) is what makes the HTTP layer answer its path in that envelope too
 * (src/commerce/paths.ts).
 */
export const apiEndpoint = ({ method, notFound, path, run }: Options): Endpoint => {
  const answer = async (req: PayloadRequest): Promise<Answer | Response> => {
    try {
      if (!req.user) throw new CommerceError(401, messages.unauthorized)
      if (!checkRole(req.user, COMMERCE_ROLES)) throw new CommerceError(403, messages.forbidden)
      const body = await run(req)
      return { body, headers: versionHeaders(body), status: 200 }
    } catch (error) {
      return errorResponse('commerce', commerceAnswer(error, req, notFound))
    }
  }
  return {
    handler: async (req) => {
      const answered = await answer(req)
      if (answered instanceof Response) return answered
      return Response.json(answered.body, { headers: answered.headers, status: answered.status })
    },
    // `answer`: the same, before it is made a Web Response (src/http/commerceReads.ts sends it as is).
    custom: { answer, envelope: 'commerce' },
    method,
    path,
  }
}

/** The JSON object in the request body. */
export const readBody = async (req: PayloadRequest): Promise<Record<string, unknown>> => {
  await addDataAndFileToRequest(req)
  const data = req.data
  if (!isRecord(data)) {
    throw new CommerceError(400, messages.badRequest, [
      { field: 'body', message: 'must be a JSON object' },
    ])
  }
  return data
}

/** 400 Missing Required Information, naming every absent field. */
export const requireFields = (data: Record<string, unknown>, fields: readonly string[]): void => {
  const missing = fields.filter(
    (field) => data[field] === undefined || data[field] === null || data[field] === '',
  )
  if (missing.length) {
    throw new CommerceError(
      400,
      messages.missing,
      missing.map((field) => ({ field, message: 'is required' })),
    )
  }
}

/** Letters, digits, `_` and `-`: every id the commerce records can have. */
const RECORD_ID = /^[\w-]{1,128}$/

/** The `{id}` path parameter; an id no record can have (a NUL, a slash, too long) is not found. */
export const routeId = (req: PayloadRequest): string => {
  const id = String(req.routeParams?.id ?? '')
  if (!RECORD_ID.test(id)) throw new NotFound(req.t)
  return id
}
