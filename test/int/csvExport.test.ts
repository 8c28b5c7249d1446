/**
 * CSV export of lists: every record the filter selects, as the caller may read it, with safe
 * cells; refused to callers who may not read the collection; never a credit-data column.
 */
import { describe, expect, it } from '@jest/globals'

import { exportColumns } from '../../src/admin/csvExport'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const download = async (path: string, who: keyof typeof context.who = 'staff') => {
  const response = await context.service.api(`/api${path}`, { headers: context.who[who].headers })
  return { headers: response.headers, status: response.status, text: await response.text() }
}

/** The CSV's rows as arrays of cells (quoted cells unquoted). */
const rowsOf = (text: string): string[][] =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map(([, value]) =>
          value.startsWith('"') ? value.slice(1, -1).replace(/""/g, '"') : value,
        ),
    )

describe('GET /api/<collection>/export', () => {
  it('exports every lead as CSV, one row per record, as a file download', async () => {
    const answer = await download('/lead/export')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="lead-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const [header, ...rows] = rowsOf(answer.text)
    expect(header.slice(0, 3)).toEqual(['id', 'title', 'firstName'])
    const { totalDocs } = await context.service.payload.count({ collection: 'lead' })
    expect(rows).toHaveLength(totalDocs)
  })

  it('honours the list filter', async () => {
    await context.service.payload.create({
      collection: 'errors',
      data: { message: 'one', source: 'csv-a' },
    })
    await context.service.payload.create({
      collection: 'errors',
      data: { message: 'two', source: 'csv-b' },
    })
    const answer = await download('/errors/export?where[source][equals]=csv-a')
    const [, ...rows] = rowsOf(answer.text)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain('one')
  })

  it('neutralises cells a spreadsheet would run as a formula, and quotes commas and quotes', async () => {
    await context.service.payload.create({
      collection: 'errors',
      data: { message: '=HYPERLINK("http://evil.example","click"), then', source: 'csv-formula' },
    })
    const answer = await download('/errors/export?where[source][equals]=csv-formula')
    expect(answer.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then"`)
  })

  it('is refused to callers who may not read the records', async () => {
    expect((await download('/lead/export', 'integrator')).status).toBe(403)
    expect((await download('/errors/export', 'leadAgent')).status).toBe(403)
    expect((await download('/lead/export', 'anonymous')).status).toBe(401)
  })

  it('never has a credit-data or hidden column, whatever the collection', () => {
    for (const collection of context.service.payload.config.collections) {
      const columns = exportColumns(collection)
      for (const name of ['ssn', 'coApplicantSSN', 'birthDate', 'coApplicantBirthDate', 'secret'])
        expect(columns).not.toContain(name)
    }
  })
})
