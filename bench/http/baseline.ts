/**
 * The hand-written baseline the HTTP benchmark compares the service with: plain node:http and
 * one pg pool (pg's default size, as the service's), no framework, no access checks (so no API
 * key lookup), one SQL statement per read. It does the work the service's answer needs and
 * nothing else: JSON built by PostgreSQL, birth dates decrypted and SSNs masked in JS, and a
 * write as a transaction with the two values encrypted and its audit entry.
 */
import crypto from 'node:crypto'
import http from 'node:http'

import pg from 'pg'

import { encodeCursor } from '@/api/cursor'
import { encryptValue } from '@/creditData/cipher'
import { isDate, isPhone } from '@/validation/formats'

import {
  company,
  consumer,
  creditApp,
  customer,
  documentOf,
  revealAsService,
  type Shape,
  webEvent,
} from './documents'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })

const answer = (res: http.ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body)
  res.writeHead(status, {
    'content-length': Buffer.byteLength(json),
    'content-type': 'application/json',
  })
  res.end(json)
}

const byId = (shape: Shape) => {
  const sql = `SELECT ${documentOf(shape, 'x', 2)} AS doc FROM ${shape.table} x WHERE x.id = $1`
  return async (id: string) => (await pool.query(sql, [id])).rows[0]?.doc
}

/**
 * A page of `limit` at depth 2, newest first (ties by id), and the total, in one statement. The
 * page's rows are picked first, so only they are built into JSON. Unfiltered, the total is the
 * trigger-kept row count, as the service reads it (src/db/rowCounts.ts).
 */
const page = (shape: Shape, where?: string) => {
  const total = where
    ? `(SELECT count(*) FROM ${shape.table} x WHERE ${where})`
    : `(SELECT row_count FROM row_counts WHERE table_name = '${shape.table}')`
  const order = 'x.created_at DESC, x.id DESC'
  const sql = `SELECT ${total}::int AS total,
    coalesce((SELECT json_agg(${documentOf(shape, 'x', 2)} ORDER BY ${order})
      FROM (SELECT * FROM ${shape.table} x WHERE ${where ?? 'true'} ORDER BY ${order}
        LIMIT $1 OFFSET $2) x), '[]') AS docs`
  return async (limit: number, pageNumber: number, ...params: unknown[]) => {
    const { docs, total } = (await pool.query(sql, [limit, (pageNumber - 1) * limit, ...params]))
      .rows[0]
    const totalPages = Math.ceil(total / limit)
    const last = docs.at(-1)
    const pagingCounter = (pageNumber - 1) * limit + 1
    return {
      data: docs,
      hasNextPage: pageNumber < totalPages,
      hasPrevPage: pageNumber > 1,
      limit,
      nextPage: pageNumber < totalPages ? pageNumber + 1 : null,
      page: pageNumber,
      nextCursor:
        pageNumber < totalPages && last
          ? encodeCursor({
              d: 'desc',
              f: 'createdAt',
              id: last.id,
              n: pagingCounter + docs.length,
              v: last.createdAt,
            })
          : null,
      pagingCounter,
      prevPage: pageNumber > 1 ? pageNumber - 1 : null,
      success: true,
      totalCount: total,
      totalPages,
    }
  }
}

const getCustomer = byId(customer)
const getCreditApp = byId(creditApp)
/** The customer's own row and nothing else: what a lookup by primary key costs at the least. */
const getRow = async (id: string) =>
  (await pool.query('SELECT row_to_json(c) AS doc FROM customer c WHERE c.id = $1', [id])).rows[0]
    ?.doc
const webEvents = page(webEvent)
const companies = page(company, `x.name ILIKE '%' || $3::text || '%'`)

const createConsumer = async (body: Record<string, string>) => {
  for (const field of ['firstName', 'lastName', 'birthDate', 'phoneNumber'])
    if (typeof body[field] !== 'string') return null
  if (!isDate(body.birthDate) || !isPhone(body.phoneNumber)) return null
  const id = `con_${crypto.randomBytes(15).toString('base64url').slice(0, 20)}`
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const { rows } = await client.query(
      `INSERT INTO consumer (id, first_name, last_name, birth_date, phone_number, email, ssn)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING ${documentOf(consumer, 'consumer', 0)} AS doc`,
      [
        id,
        body.firstName,
        body.lastName,
        encryptValue(body.birthDate, 'birthDate'),
        body.phoneNumber,
        body.email ?? null,
        body.ssn ? encryptValue(body.ssn, 'ssn') : null,
      ],
    )
    await client.query(
      `WITH entry AS (INSERT INTO audit_log (action, collection, record_id, actor, request_id)
         VALUES ('create', 'consumer', $1, 'api-clients:1', $2) RETURNING id)
       INSERT INTO audit_log_texts ("order", parent_id, path, text)
       SELECT n, entry.id, 'fields', name FROM entry, unnest($3::text[]) WITH ORDINALITY AS f(name, n)`,
      [id, crypto.randomUUID(), Object.keys(body).sort()],
    )
    await client.query('COMMIT')
    return rows[0].doc
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  } finally {
    client.release()
  }
}

const readBody = async (req: http.IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
}

const route = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const [, resource, id] = url.pathname.split('/')
  const pageNumber = Number(url.searchParams.get('page') ?? 1)
  if (resource === 'healthz') return answer(res, 200, { status: 'ok' })
  if (req.method === 'POST' && resource === 'consumers') {
    const doc = await createConsumer(await readBody(req))
    if (!doc)
      return answer(res, 400, {
        error: { code: 400, message: 'Invalid Information' },
        success: false,
      })
    return answer(res, 200, { data: revealAsService(doc), success: true })
  }
  if (resource === 'webevents')
    return answer(res, 200, revealAsService(await webEvents(10, pageNumber)))
  if (resource === 'companies')
    return answer(res, 200, await companies(10, pageNumber, url.searchParams.get('like') ?? ''))
  const read = { 'customer-row': getRow, creditapps: getCreditApp, customers: getCustomer }[
    resource
  ]
  const doc = read && id ? await read(decodeURIComponent(id)) : undefined
  if (!doc) return answer(res, 404, { error: { code: 404, message: 'Not Found' }, success: false })
  return answer(res, 200, { data: revealAsService(doc), success: true })
}

const server = http.createServer((req, res) => {
  route(req, res).catch((error) => {
    process.stderr.write(`${(error as Error).stack}\n`)
    if (!res.headersSent)
      answer(res, 500, { error: { code: 500, message: 'failed' }, success: false })
  })
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))))
