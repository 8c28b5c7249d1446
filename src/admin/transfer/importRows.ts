/**
 * Import of a list: `POST /api/<collection>/import` with `{"csv": "<file>"}` (a header line of
 * field names, as the export writes) or `{"rows": [{…}, …]}`. Every row is created as the caller
 * would create it over the API (their access, every validation and hook), and the file is
 * imported whole or not at all:
 *
 * 1. each row is tried in a transaction of its own that is always rolled back, so every bad row
 *    is found, not just the first;
 * 2. if any row failed, the answer is 400 listing them (`data.rows`: the row's number as a
 *    spreadsheet shows it, header = 1, or its position in `rows`, and what was wrong), and
 *    nothing is imported;
 * 3. otherwise all rows are created in one transaction, which a failure rolls back entirely.
 *
 * `"dryRun": true` stops after step 2 and answers a preview instead: each row's number, its
 * verdict (created, merged into a stored record, or refused), the record it would create (as the
 * caller would read it) or, for a merged row, the values the file gives it, and its problems.
 * Each row is tried alone, so a row repeating an earlier row of the same file is previewed as
 * created (the import merges it into that row's record). The trial creates no ids
 * (src/db/trialIds.ts): a rejected file leaves no gap in the numbers of the records staff see.
 */
import { parse } from 'csv-parse/sync'
import {
  addDataAndFileToRequest,
  APIError,
  type CollectionSlug,
  createLocalReq,
  type FlattenedField,
  Forbidden,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import { markTrial } from '@/db/trialIds'
import { classifyFailure, messages, NOT_ALLOWED, payloadError } from '@/errors'
import { isRecord } from '@/lib/isRecord'

import { cellValue } from './cells'
import { relationOfColumn, relationOfNameColumn } from './relationNames'

/** The most rows one import takes (the request body is capped at 1 MB as well). */
export const MAX_ROWS = 5000

type Problem = { message: string; path?: string }
type RowProblems = { errors: Problem[]; row: number }
/** What the import does with a row: creates a record, merges it into one, or cannot. */
type Verdict = 'create' | 'invalid' | 'merge'
/**
 * A row of the preview: its verdict, the record it would create (for a merged row, the file's
 * values: the record it joins keeps its own), or what is wrong with it.
 */
type Preview = {
  errors?: Problem[]
  merged?: Omit<Merged, 'row'>
  record?: Record<string, unknown>
  row: number
  verdict: Verdict
}
type Row = { data: Record<string, unknown>; row: number }
/** A row merged into an existing record instead of created (a duplicate lead). */
type Merged = { into: number | string; reason: string; row: number; title?: string }

/**
 * How a collection creates an imported row, when not as a plain create: `req` is the row's own
 * request (the caller, the import's transaction), `validated` says the row already passed a
 * trial create. Answers the record, and what it was merged into instead of being created (with
 * that record's title, as the caller reads it).
 */
export type CreateRow = (
  req: PayloadRequest,
  data: Record<string, unknown>,
  validated: boolean,
) => Promise<{ doc: { id: number | string }; merged?: Omit<Merged, 'row'> }>

class BadFile extends Error {}

/** The problems a failed create reports, or the error again when it is not about the row. */
const problemsOf = (error: unknown): Problem[] => {
  if (error instanceof ValidationError) {
    return error.data.errors.map(({ message, path }) => ({ message, path }))
  }
  if (error instanceof Forbidden) throw error
  if (error instanceof APIError && error.status < 500) return [{ message: error.message }]
  if (classifyFailure(error)?.kind === 'input') {
    return [{ message: 'A value cannot be stored (wrong kind, or too long).' }]
  }
  throw error
}

const fromCsv = (req: PayloadRequest, slug: CollectionSlug, text: string): Row[] => {
  // A serial id is no field, but an export writes it (and the import leaves it out).
  const { config } = req.payload.collections[slug]
  const fields = new Map<string, FlattenedField>([
    ['id', { name: 'id', type: 'text' }],
    ...config.flattenedFields.map((field) => [field.name, field] as const),
  ])
  let records: string[][]
  try {
    records = parse(text, { bom: true, skip_empty_lines: true })
  } catch (error) {
    throw new BadFile(
      `The CSV cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const [header, ...lines] = records
  if (!header) throw new BadFile('The CSV is empty: it needs a header line of field names.')
  // The names an export writes beside a relation's ids are for people: the ids are imported.
  const skipped = new Set(
    header.filter((name) => {
      const relation = relationOfNameColumn(name)
      return (
        relation !== undefined && relationOfColumn(config.flattenedFields, relation) !== undefined
      )
    }),
  )
  const unknown = header.filter((name) => !fields.has(name) && !skipped.has(name))
  if (unknown.length) {
    throw new BadFile(
      `Unknown columns: ${unknown.join(', ')}. The header names fields, as an export writes them.`,
    )
  }
  // Two cells for one field: which one was meant cannot be told.
  const twice = header.filter((name, column) => header.indexOf(name) !== column)
  if (twice.length) throw new BadFile(`Columns named twice: ${[...new Set(twice)].join(', ')}.`)
  return lines.map((cells, index) => ({
    data: Object.fromEntries(
      header.flatMap((name, column) => {
        if (skipped.has(name)) return []
        const value = cellValue(req.payload, fields.get(name)!, cells[column] ?? '')
        return value === undefined ? [] : [[name, value]]
      }),
    ),
    row: index + 2,
  }))
}

const rowsOf = (
  req: PayloadRequest,
  slug: CollectionSlug,
  body: Record<string, unknown>,
): Row[] => {
  if (typeof body.csv === 'string') return fromCsv(req, slug, body.csv)
  if (Array.isArray(body.rows) && body.rows.every(isRecord)) {
    return body.rows.map((data, index) => ({ data, row: index + 1 }))
  }
  throw new BadFile('Send {"csv": "<the file>"} or {"rows": [{…}, …]}.')
}

/** Ids are the database's to give, except in collections whose ids are chosen (text ids). */
const withoutServerFields = (
  req: PayloadRequest,
  slug: CollectionSlug,
  data: Record<string, unknown>,
) => {
  const { createdAt: _created, id, updatedAt: _updated, ...rest } = data
  return req.payload.collections[slug].customIDType === 'text' && id !== undefined
    ? { ...rest, id }
    : rest
}

/** What a trial row would create, less what the real import gives anew (its id, its times). */
const previewOf = (data: Record<string, unknown>, doc: Record<string, unknown>) => {
  const { createdAt: _created, id, updatedAt: _updated, ...record } = doc
  return data.id === undefined ? record : { id, ...record }
}

const createAll = async (
  req: PayloadRequest,
  slug: CollectionSlug,
  rows: Row[],
  keep: boolean,
  createRow?: CreateRow,
) => {
  const { payload } = req
  const problems: RowProblems[] = []
  const previews: Preview[] = []
  const ids: (number | string)[] = []
  const merges: Merged[] = []
  let transactionID = keep ? await payload.db.beginTransaction() : null
  for (const { data, row } of rows) {
    if (!keep) {
      transactionID = await payload.db.beginTransaction()
      if (transactionID) markTrial(payload, transactionID)
    }
    const rowReq = { transactionID: transactionID ?? undefined }
    try {
      const created = withoutServerFields(req, slug, data)
      if (createRow) {
        const local = await createLocalReq({ user: req.user ?? undefined }, payload)
        local.transactionID = rowReq.transactionID
        const { doc, merged } = await createRow(local, created, keep)
        if (merged) merges.push({ ...merged, row })
        else ids.push(doc.id)
        previews.push(
          merged
            ? { merged, record: created, row, verdict: 'merge' }
            : { record: previewOf(created, { ...doc }), row, verdict: 'create' },
        )
        continue
      }
      const doc = await payload.create({
        collection: slug,
        data: created,
        depth: 0,
        overrideAccess: false,
        req: rowReq,
        user: req.user,
      })
      ids.push(doc.id)
      previews.push({ record: previewOf(created, { ...doc }), row, verdict: 'create' })
    } catch (error) {
      const errors = problemsOf(error)
      problems.push({ errors, row })
      previews.push({ errors, row, verdict: 'invalid' })
      // Payload rolled the transaction back; nothing of a kept import may be committed after it.
      if (keep) return { ids: [], merges: [], previews, problems }
      continue
    } finally {
      if (!keep && rowReq.transactionID) await payload.db.rollbackTransaction(rowReq.transactionID)
    }
  }
  if (keep && transactionID) await payload.db.commitTransaction(transactionID)
  return { ids, merges, previews, problems }
}

export const importRows = async (
  req: PayloadRequest,
  slug: CollectionSlug,
  createRow?: CreateRow,
): Promise<Response> => {
  if (!req.user) return payloadError(401, messages.unauthorized)
  await addDataAndFileToRequest(req)
  const body = req.data
  let rows: Row[]
  try {
    rows = rowsOf(req, slug, isRecord(body) ? body : {})
  } catch (error) {
    if (error instanceof BadFile) return payloadError(400, error.message)
    throw error
  }
  if (!rows.length) return payloadError(400, 'There are no rows to import.')
  const dryRun = isRecord(body) ? body.dryRun : undefined
  if (dryRun !== undefined && typeof dryRun !== 'boolean') {
    return payloadError(400, 'dryRun must be true or false.')
  }
  if (rows.length > MAX_ROWS) {
    return payloadError(
      400,
      `At most ${MAX_ROWS} rows per import; this has ${rows.length}. Split the file.`,
    )
  }
  try {
    const tried = await createAll(req, slug, rows, false, createRow)
    if (dryRun === true) return preview(tried.previews, tried.problems.length)
    if (tried.problems.length) return refusal(tried.problems, rows.length)
    const done = await createAll(req, slug, rows, true, createRow)
    if (done.problems.length) return refusal(done.problems, rows.length)
    const imported = done.ids.length + done.merges.length
    // Merged rows are named apart: they made no record of their own.
    const merges = done.merges.length
      ? {
          merged: done.merges,
          message: `Imported ${imported} rows: ${done.ids.length} created, ${done.merges.length} merged into existing records as duplicates.`,
        }
      : { message: `Imported ${imported} rows.` }
    return Response.json({ ids: done.ids, imported, ...merges }, { status: 201 })
  } catch (error) {
    if (error instanceof Forbidden) return payloadError(403, NOT_ALLOWED)
    throw error
  }
}

const preview = (rows: Preview[], invalid: number) => {
  const merged = rows.filter(({ verdict }) => verdict === 'merge').length
  const split = merged
    ? ` ${rows.length - merged} will be created, ${merged} merged into existing records as duplicates.`
    : ''
  return Response.json({
    invalid,
    merged,
    message: invalid
      ? `${invalid} of ${rows.length} rows have problems; nothing was imported.`
      : `All ${rows.length} rows can be imported.${split}`,
    rows,
    valid: rows.length - invalid,
  })
}

const refusal = (rows: RowProblems[], total: number) =>
  Response.json(
    {
      errors: [
        {
          data: { rows },
          message: `${rows.length} of ${total} rows have problems; nothing was imported.`,
        },
      ],
    },
    { status: 400 },
  )
