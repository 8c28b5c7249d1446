/**
 * The service's log never holds a value a caller sent: SSN-shaped values written to every
 * collection, through writes that fail in validation or in the database itself, appear nowhere
 * in the log output, while the failing statement's table and SQLSTATE and the request id do.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { sendJson } from '../helpers/http'
import { captureLog, type LogCapture } from '../helpers/logCapture'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true })

let log: LogCapture

/** The database refuses every insert and update, so that writes which pass validation fail in SQL, quoting the values. */
const refuseWrites = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'payload_%'`,
  )
  // The message quotes the whole row, as PostgreSQL's own messages quote an offending value.
  await client.query(
    `create function refuse_writes() returns trigger language plpgsql as $$ begin raise exception 'writes refused: %', row_to_json(NEW) using detail = row_to_json(NEW)::text; end $$`,
  )
  for (const { name } of rows)
    await client.query(
      `create trigger refuse_writes before insert or update on ${name} for each row execute function refuse_writes()`,
    )
  await client.end()
}

const ssnShaped = (index: number) => `078-05-${String(1000 + index).padStart(4, '0')}`

beforeAll(async () => {
  log = captureLog()
  await refuseWrites(process.env.DATABASE_URL!)
})
afterAll(() => log.restore())

describe('log output', () => {
  it('holds no value sent in failing writes, on any collection', async () => {
    const { payload } = context.service
    const sent: string[] = []
    let index = 0
    // Payload's own bookkeeping tables (payload_*) keep working: writes to them are not the point.
    for (const collection of payload.config.collections.filter(
      ({ slug }) => !slug.startsWith('payload-'),
    )) {
      const body: Record<string, unknown> = {}
      for (const field of collection.flattenedFields) {
        if (!['text', 'textarea', 'email', 'number'].includes(field.type) || field.name === 'id')
          continue
        const value = ssnShaped(index++)
        sent.push(value, value.replace(/-/g, ''))
        body[field.name] =
          field.type === 'email'
            ? `${value}@example.com`
            : field.type === 'number'
              ? Number(value.replace(/-/g, ''))
              : value
      }
      const response = await sendJson(context.service, 'POST', `/api/${collection.slug}`, {
        body,
        headers: context.who.staffAdmin.headers,
      })
      expect(response.status).toBeGreaterThanOrEqual(400)
      // The same values in an update of a record that exists (the error collection always has one).
      await sendJson(context.service, 'PATCH', `/api/${collection.slug}?where[id][exists]=true`, {
        body,
        headers: context.who.staffAdmin.headers,
      })
    }
    // The credit-data fields too, on their commerce paths.
    await sendJson(context.service, 'POST', '/api/consumers', {
      body: {
        birthDate: '1990-01-01',
        firstName: ssnShaped(900),
        lastName: 'x',
        phoneNumber: '512-555-0100',
        ssn: ssnShaped(901),
      },
      headers: context.who.integrator.headers,
    })
    sent.push(ssnShaped(900), ssnShaped(901), ssnShaped(901).replace(/-/g, ''))
    await new Promise((resolve) => setTimeout(resolve, 200))

    expect(log.text()).toMatch(/database query failed/)
    expect(log.text()).toMatch(/"code":"P0001"/)
    expect(log.text()).toMatch(/"table":"errors"/)
    expect(log.text()).toMatch(/"reqId":"[\w-]+"/)
    const leaked = sent.filter((value) => log.text().includes(value))
    expect(leaked).toEqual([])
  })
})
