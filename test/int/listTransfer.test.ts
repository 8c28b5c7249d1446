/**
 * CSV export of lists: every record the filter selects, as the caller may read it, with safe
 * cells; refused to callers who may not read the collection; never a credit-data column.
 * CSV and JSON import: every row validated like the API does, a file with any bad row imports
 * nothing and names each bad row, an exported file imports back; a dry run previews each row, a
 * rejected file leaves no gap in the ids; a template per collection. A large export streams,
 * each record once, and breaks off when a read fails part-way.
 */
import { describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'

import { exportColumns } from '@/admin/transfer'

import { rowsOf } from '../helpers/csv'
import { sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const download = async (path: string, who: keyof typeof context.who = 'staff') => {
  const response = await context.service.api(`/api${path}`, { headers: context.who[who].headers })
  return { headers: response.headers, status: response.status, text: await response.text() }
}

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

  it("honours the list's search box (search=), with its filter, as the list view does", async () => {
    for (const [message, source] of [
      ['searchable needle', 'csv-search'],
      ['another needle', 'csv-other'],
      ['no match here', 'csv-search'],
    ])
      await context.service.payload.create({ collection: 'errors', data: { message, source } })
    const searched = rowsOf((await download('/errors/export?search=needle')).text).slice(1)
    expect(searched.map((row) => row.find((cell) => cell.includes('needle'))).sort()).toEqual([
      'another needle',
      'searchable needle',
    ])
    const both = rowsOf(
      (await download('/errors/export?search=needle&where[source][equals]=csv-search')).text,
    ).slice(1)
    expect(both).toHaveLength(1)
    expect(both[0]).toContain('searchable needle')
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

const upload = (collection: string, body: unknown, who: keyof typeof context.who = 'staff') =>
  sendJson(context.service, 'POST', `/api/${collection}/import`, {
    body,
    headers: context.who[who].headers,
  })

const leadsNamed = async (lastName: string) =>
  (
    await context.service.payload.find({
      collection: 'lead',
      where: { lastName: { equals: lastName } },
    })
  ).docs

describe('POST /api/<collection>/import', () => {
  it('imports a CSV, one record per row, typed by field', async () => {
    const csv =
      'firstName,lastName,email,source\r\nAda,Importer,ada@example.com,website\r\n"Bob, Jr.",Importer,,"phone"\r\n'
    const answer = await upload('lead', { csv })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ imported: 2, message: 'Imported 2 rows.' })
    const leads = await leadsNamed('Importer')
    expect(leads.map((lead) => lead.firstName).sort()).toEqual(['Ada', 'Bob, Jr.'])
    expect(leads.find((lead) => lead.firstName === 'Ada')?.email).toBe('ada@example.com')
  })

  it('imports nothing from a file with bad rows, and names each bad row and field', async () => {
    const csv = [
      'firstName,lastName,email',
      'Good,Halfway,good@example.com',
      'Bad,Halfway,not-an-email',
      'Good,Halfway,also.good@example.com',
      'Worse,Halfway,@',
    ].join('\n')
    const answer = await upload('lead', { csv })
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0].message).toBe('2 of 4 rows have problems; nothing was imported.')
    expect(answer.body.errors[0].data.rows).toEqual([
      { errors: [{ message: expect.stringMatching(/e-mail/), path: 'email' }], row: 3 },
      { errors: [{ message: expect.stringMatching(/e-mail/), path: 'email' }], row: 5 },
    ])
    expect(await leadsNamed('Halfway')).toHaveLength(0)
  })

  it('takes JSON rows, and a dry run imports nothing', async () => {
    const rows = [
      { name: 'Imported Motors' },
      { name: 'Second Imported Motors', email: 'x@example.com' },
    ]
    const dry = await upload('company', { dryRun: true, rows })
    expect(dry.status).toBe(200)
    expect(dry.body).toEqual({
      invalid: 0,
      merged: 0,
      message: 'All 2 rows can be imported.',
      rows: [
        { record: expect.objectContaining({ name: 'Imported Motors' }), row: 1, verdict: 'create' },
        {
          record: expect.objectContaining({ name: 'Second Imported Motors' }),
          row: 2,
          verdict: 'create',
        },
      ],
      valid: 2,
    })
    // What the records would be, not ids the real import gives anew.
    expect(dry.body.rows[0].record).not.toHaveProperty('id')
    expect(
      (
        await context.service.payload.count({
          collection: 'company',
          where: { name: { like: 'Imported Motors' } },
        })
      ).totalDocs,
    ).toBe(0)
    const done = await upload('company', { rows })
    expect(done.status).toBe(201)
    const missingName = await upload('company', { rows: [{ email: 'x@example.com' }] })
    expect(missingName.status).toBe(400)
    expect(missingName.body.errors[0].data.rows[0]).toMatchObject({
      errors: [{ path: 'name' }],
      row: 1,
    })
  })

  it('previews a file with bad rows: each row, its verdict, the record it would create or its problems', async () => {
    const csv = 'firstName,lastName,email\nPre,Viewed,pre@example.com\nBad,Viewed,not-an-e-mail\n'
    const dry = await upload('lead', { csv, dryRun: true })
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({
      invalid: 1,
      message: '1 of 2 rows have problems; nothing was imported.',
      valid: 1,
    })
    expect(dry.body.rows).toEqual([
      {
        record: expect.objectContaining({
          email: 'pre@example.com',
          firstName: 'Pre',
          lastName: 'Viewed',
          title: 'Pre Viewed',
        }),
        row: 2,
        verdict: 'create',
      },
      {
        errors: [{ message: expect.stringMatching(/e-mail/), path: 'email' }],
        row: 3,
        verdict: 'invalid',
      },
    ])
    expect(await leadsNamed('Viewed')).toHaveLength(0)
  })

  it("previews a lead row that repeats a stored lead as merged into it, with the file's values", async () => {
    const email = `verdict.${Date.now()}@example.com`
    const stored = await sendJson(context.service, 'POST', '/api/lead?depth=0', {
      body: { email, firstName: 'Vera', lastName: 'Stored', location: 'loc_demo_sunset_la' },
      headers: context.who.staff.headers,
    })
    expect(stored.status).toBe(201)
    const csv = `firstName,lastName,email,location\nVal,FromFile,${email},loc_demo_sunset_la\nNew,Verdict,new.${email},loc_demo_sunset_la\n`
    const dry = await upload('lead', { csv, dryRun: true })
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({
      invalid: 0,
      merged: 1,
      message:
        'All 2 rows can be imported. 1 will be created, 1 merged into existing records as duplicates.',
      valid: 2,
    })
    // The file's values, not the stored lead's, and the lead it joins by its title.
    expect(dry.body.rows[0]).toEqual({
      merged: { into: stored.body.doc.id, reason: 'same e-mail', title: 'Vera Stored' },
      record: { email, firstName: 'Val', lastName: 'FromFile', location: 'loc_demo_sunset_la' },
      row: 2,
      verdict: 'merge',
    })
    expect(dry.body.rows[1]).toMatchObject({ record: { lastName: 'Verdict' }, verdict: 'create' })
    expect(dry.body.rows[1]).not.toHaveProperty('merged')
    // As the import then does.
    const done = await upload('lead', { csv })
    expect(done.status).toBe(201)
    expect(done.body.merged).toEqual([
      { into: stored.body.doc.id, reason: 'same e-mail', row: 2, title: 'Vera Stored' },
    ])
    expect(await leadsNamed('FromFile')).toHaveLength(0)
  })

  it('leaves no gap in the ids after a rejected file or a dry run', async () => {
    const newLead = async () =>
      (await context.service.payload.create({ collection: 'lead', data: { lastName: 'Gapless' } }))
        .id
    const before = await newLead()
    const rows = Array.from({ length: 20 }, (_, index) => ({ lastName: `Trial ${index}` }))
    expect((await upload('lead', { dryRun: true, rows })).status).toBe(200)
    const rejected = await upload('lead', { rows: [...rows, { email: 'not-an-e-mail' }] })
    expect(rejected.status).toBe(400)
    expect(await newLead()).toBe(before + 1)
    const imported = await upload('lead', { rows: rows.slice(0, 3) })
    expect(imported.body.ids).toEqual([before + 2, before + 3, before + 4])
    const errors = async () =>
      (await context.service.payload.create({ collection: 'errors', data: { message: 'gap' } })).id
    const first = await errors()
    expect((await upload('errors', { rows: [{ message: 'ok' }, {}] })).status).toBe(400)
    expect(await errors()).toBe(first + 1)
  })

  it("takes back a file it exported (ids and timestamps are the database's to give)", async () => {
    await upload('lead', { csv: 'firstName,lastName\nRound,Tripper\n' })
    const exported = await download('/lead/export?where[lastName][equals]=Tripper')
    const again = await upload('lead', { csv: exported.text })
    expect(again.status).toBe(201)
    const trippers = await leadsNamed('Tripper')
    expect(trippers).toHaveLength(2)
    expect(new Set(trippers.map((lead) => lead.id)).size).toBe(2)
  })

  it('refuses unreadable files, unknown columns and empty files with a message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ csv: 'firstName,shoeSize\nAda,9' }, /Unknown columns: shoeSize/],
      [{ csv: 'firstName,lastName,firstName\nAda,L,Bea', dryRun: true }, /named twice: firstName/],
      [{ csv: '"unterminated\nAda' }, /The CSV cannot be read/],
      [{ csv: '' }, /empty/],
      [{ csv: 'firstName\n' }, /no rows/],
      [{ rows: 'nope' }, /Send \{"csv"/],
      [{ rows: [1, 2] }, /Send \{"csv"/],
      [{}, /Send \{"csv"/],
    ]
    for (const [body, message] of cases) {
      const answer = await upload('lead', body)
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0].message).toMatch(message)
    }
    const tooMany = await upload('lead', {
      rows: Array.from({ length: 5001 }, () => ({ firstName: 'x' })),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors[0].message).toMatch(/At most 5000 rows/)
  })

  it('names a cell nested too deep or a dryRun that is not true or false, without a 500', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
    const nested = await upload('listing', { csv: `vin,photos\n1HGCM82633A004352,"${deep}"\n` })
    expect(nested.status).toBe(400)
    expect(nested.body.errors[0].data.rows[0].row).toBe(2)
    const stringly = await upload('lead', { dryRun: 'true', rows: [{ firstName: 'Dry' }] })
    expect(stringly.status).toBe(400)
    expect(stringly.body.errors[0].message).toBe('dryRun must be true or false.')
    expect(await leadsNamed('Dry')).toHaveLength(0)
  })

  it('takes error records past the 64 KB cap of a single error report', async () => {
    const rows = Array.from({ length: 300 }, (_, index) => ({
      message: `imported ${index} ${'x'.repeat(300)}`,
      source: 'import-cap',
    }))
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(64 * 1024)
    expect((await upload('errors', { rows }, 'staffAdmin')).status).toBe(201)
  })

  it('runs identical imports at once without a 500 or a half-saved file', async () => {
    const rows = Array.from({ length: 150 }, (_, index) => ({ name: `Concurrent Motors ${index}` }))
    const answers = await Promise.all([1, 2, 3].map(() => upload('company', { rows })))
    for (const answer of answers) expect([201, 400, 503]).toContain(answer.status)
    const { totalDocs } = await context.service.payload.count({
      collection: 'company',
      where: { name: { like: 'Concurrent Motors' } },
    })
    expect(totalDocs % 150).toBe(0)
    expect(totalDocs / 150).toBe(answers.filter((answer) => answer.status === 201).length)
  })

  it('is refused to callers who may not create the records, importing nothing', async () => {
    const csv = 'firstName,lastName\nNot,Allowed\n'
    expect((await upload('lead', { csv }, 'anonymous')).status).toBe(401)
    expect((await upload('lead', { csv }, 'leadAgent')).status).toBe(403)
    expect(await leadsNamed('Allowed')).toHaveLength(0)
  })
})

describe('GET /api/<collection>/import-template', () => {
  it('answers the header an import takes and one example row, which imports', async () => {
    const answer = await download('/lead/import-template')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="lead-import-template.csv"',
    )
    const [header, example, ...rest] = rowsOf(answer.text)
    expect(rest).toEqual([])
    expect(header).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'source']))
    // What the service gives or keeps is not asked for.
    for (const name of ['id', 'createdAt', 'updatedAt', 'title', 'deletedAt'])
      expect(header).not.toContain(name)
    expect(example).toHaveLength(header.length)
    expect(example[header.indexOf('email')]).toBe('someone@example.com')
    const dry = await upload('lead', { csv: answer.text, dryRun: true })
    expect(dry.body).toMatchObject({ invalid: 0, valid: 1 })
  })

  it('is one per collection of the lists that import, never with credit data', async () => {
    for (const slug of ['deal', 'company', 'errors', 'listing']) {
      const answer = await download(`/${slug}/import-template`, 'staffAdmin')
      expect(answer.status).toBe(200)
      const [header] = rowsOf(answer.text)
      expect(header.length).toBeGreaterThan(0)
      for (const name of ['ssn', 'birthDate', 'id']) expect(header).not.toContain(name)
    }
  })

  it('is for who may import: anonymous 401, a caller who may not create 403', async () => {
    for (const slug of ['lead', 'deal', 'errors']) {
      const anonymous = await download(`/${slug}/import-template`, 'anonymous')
      expect(anonymous.status).toBe(401)
      expect(anonymous.text).not.toContain(',')
    }
    expect((await download('/lead/import-template', 'integrator')).status).toBe(403)
    expect((await download('/lead/import-template', 'leadAgent')).status).toBe(403)
    expect((await download('/leadEvents/import-template', 'staff')).status).toBe(200)
  })
})

describe('GET /api/<collection>/export, as the list shows it', () => {
  it("exports the list's shown columns in order, and its sort", async () => {
    for (const [message, source] of [
      ['b-second', 'cols-x'],
      ['a-first', 'cols-x'],
      ['c-other', 'cols-y'],
    ])
      await context.service.payload.create({ collection: 'errors', data: { message, source } })
    const columns = encodeURIComponent(JSON.stringify(['message', '-id', 'source']))
    const answer = await download(
      `/errors/export?where[source][equals]=cols-x&sort=message&columns=${columns}`,
    )
    expect(rowsOf(answer.text)).toEqual([
      ['message', 'source'],
      ['a-first', 'cols-x'],
      ['b-second', 'cols-x'],
    ])
    const comma = await download(
      '/errors/export?where[source][equals]=cols-x&sort=-message&columns=source,message',
    )
    expect(rowsOf(comma.text)).toEqual([
      ['source', 'message'],
      ['cols-x', 'b-second'],
      ['cols-x', 'a-first'],
    ])
  })

  it("writes each relation's names beside its ids, as the caller may read them, and imports back", async () => {
    const { payload } = context.service
    const [lead] = (
      await payload.find({ collection: 'lead', limit: 1, where: { assignee: { exists: true } } })
    ).docs
    const assignee = typeof lead.assignee === 'object' ? lead.assignee! : undefined
    expect(assignee?.title).toBeTruthy()
    const columns = encodeURIComponent('["id","assignee","firstName"]')
    const path = `/lead/export?where[id][equals]=${lead.id}&columns=${columns}`
    const row = [String(lead.id), String(assignee!.id)]
    expect(rowsOf((await download(path)).text)).toEqual([
      ['id', 'assignee', 'assignee (name)', 'firstName'],
      [...row, assignee!.title, lead.firstName],
    ])
    // A lead agent reads leads but not users: the id, and no name.
    expect(rowsOf((await download(path, 'leadAgent')).text)[1]).toEqual([
      ...row,
      '',
      lead.firstName,
    ])
    // The names are for people: an import takes the ids and skips them.
    const dryRun = await upload('lead', {
      csv: 'location,location (name),firstName,lastName\nloc_demo_sunset_la,Elsewhere,Back,Again\n',
      dryRun: true,
    })
    expect(dryRun.status).toBe(200)
    expect(dryRun.body).toMatchObject({ invalid: 0, valid: 1 })
    const { record } = dryRun.body.rows[0]
    expect(record).not.toHaveProperty('location (name)')
    expect(record.location?.id ?? record.location).toBe('loc_demo_sunset_la')
  })

  it('writes moments in the time zone asked for (tz), as the same moments; a zone that is not one is 400', async () => {
    const stored = await context.service.payload.create({
      collection: 'errors',
      data: { message: 'zoned', source: 'csv-tz' },
    })
    const columns = encodeURIComponent('["message","createdAt"]')
    const path = `/errors/export?where[source][equals]=csv-tz&columns=${columns}`
    const [, [, utc]] = rowsOf((await download(path)).text)
    expect(utc).toBe(stored.createdAt)
    const [, [, local]] = rowsOf((await download(`${path}&tz=America/Los_Angeles`)).text)
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?-0[78]:00$/)
    expect(new Date(local).getTime()).toBe(new Date(stored.createdAt).getTime())
    const refused = await download(`${path}&tz=Mars/Olympus`)
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/The tz parameter must be an IANA time zone/)
  })

  it('reads a group field by its path, and refuses columns it never exports', async () => {
    const answer = await download(
      `/deal/export?where[id][equals]=deal_demo_camry&columns=${encodeURIComponent('["id","dealer.location"]')}`,
    )
    expect(answer.status).toBe(200)
    const location = await context.service.payload.findByID({
      collection: 'location',
      id: 'loc_demo_sunset_la',
    })
    expect(rowsOf(answer.text)).toEqual([
      ['id', 'dealer.location', 'dealer.location (name)'],
      // The location's title: its company, what that is, and the address.
      ['deal_demo_camry', 'loc_demo_sunset_la', `Sunset Motors · dealership · ${location.address}`],
    ])
    const refused = await download(`/lead/export?columns=${encodeURIComponent('["ssn"]')}`)
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/These columns cannot be exported: ssn/)
    expect((await download('/lead/export?columns=%7Bnope')).status).toBe(400)
  })
})

describe('GET /api/<collection>/export of a large list', () => {
  /**
   * `count` error records of `source`, all made at one moment (a bulk load), by SQL; every third
   * with one of seven addresses, the rest with none. Their ids and addresses, by id.
   */
  const bulk = async (source: string, count: number) => {
    await context.service.payload.db.drizzle.execute(
      sql`INSERT INTO errors (message, source, url, created_at, updated_at)
          SELECT 'bulk ' || n, ${source}, CASE WHEN n % 3 = 0 THEN 'https://x.test/' || (n % 7) END,
            '2026-01-02T03:04:05.678Z', now()
          FROM generate_series(1, ${count}) AS n`,
    )
    const { rows } = (await context.service.payload.db.drizzle.execute(
      sql`SELECT id, url FROM errors WHERE source = ${source} ORDER BY id`,
    )) as unknown as { rows: { id: number; url: null | string }[] }
    return rows.map(({ id, url }) => ({ id: String(id), url }))
  }

  it('streams every record once, in the list order, past pages of equal and missing values', async () => {
    const records = await bulk('bulk-order', 1_203)
    const ids = records.map(({ id }) => id)
    // PostgreSQL's order: by address, blanks last, then by id; all of it reversed descending.
    const byUrl = [...records]
      .sort((a, b) =>
        a.url === b.url
          ? Number(a.id) - Number(b.id)
          : a.url === null
            ? 1
            : b.url === null
              ? -1
              : a.url.localeCompare(b.url),
      )
      .map(({ id }) => id)
    const expected: Record<string, string[]> = {
      '-createdAt': [...ids].reverse(),
      '-url': [...byUrl].reverse(),
      createdAt: ids,
      url: byUrl,
    }
    // By time, by text equal in every row, by text with blanks, and by two fields (by offset).
    for (const sort of [
      'createdAt',
      '-createdAt',
      'message',
      'source',
      'url',
      '-url',
      'source,-message',
    ]) {
      const answer = await download(
        `/errors/export?where[source][equals]=bulk-order&sort=${sort}&columns=id,message`,
      )
      expect(answer.status).toBe(200)
      // Written as it is read: no length known in advance.
      expect(answer.headers.get('content-length')).toBeNull()
      expect(answer.headers.get('transfer-encoding')).toBe('chunked')
      const exported = rowsOf(answer.text)
        .slice(1)
        .map(([id]) => id)
      expect([...exported].sort()).toEqual([...ids].sort())
      if (expected[sort]) expect({ sort, exported }).toEqual({ sort, exported: expected[sort] })
    }
  })

  it('breaks the download off when a read fails part-way, so a partial file is never whole', async () => {
    await bulk('bulk-cut', 20_000)
    const response = await context.service.api(
      '/api/errors/export?where[source][equals]=bulk-cut&columns=id,message',
      { headers: context.who.staff.headers },
    )
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toMatch(/^id,message\r\n/)
    // The service waits for this client to read on; meanwhile its table goes away.
    const db = context.service.payload.db.drizzle
    await db.execute(sql`ALTER TABLE errors RENAME TO errors_away`)
    try {
      const rest = (async () => {
        for (;;) if ((await reader.read()).done) return 'whole'
      })()
      await expect(rest).rejects.toThrow()
    } finally {
      await db.execute(sql`ALTER TABLE errors_away RENAME TO errors`)
    }
    // The service goes on answering.
    expect((await download('/errors/export?where[source][equals]=none')).status).toBe(200)
  })
})
