/**
 * CSV export of a list, for staff who hand records to others: `GET /api/<collection>/export`
 * (with the list view's `where`, `search`, `sort` and `columns`, if any: what the list shows, in
 * its order and columns) answers every matching record as CSV, read as the caller
 * (their read access, including field access), at depth 0: relations as ids, each followed by a
 * column of the related records' names (./relationNames.ts). Credit data and hidden fields are
 * never exported. With `tz`, moments are written in that time zone (./zonedTimes.ts). Cells a
 * spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return)
 * are prefixed with `'`.
 *
 * The file is streamed as it is read, 500 records at a time, each read after the last record of
 * the one before (keyset, then by id: no OFFSET and no count), so a million rows take memory for
 * one page and cost per page what the first does. A sort that cannot be paged that way (several
 * fields, a relation, a list of values) pages by offset, then by id, still without counting. A
 * read that fails mid-file breaks the download off, so the file is never taken for whole.
 */
import {
  type CollectionConfig,
  type CollectionSlug,
  flattenTopLevelFields,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type Where,
} from 'payload'
import { mergeListSearchAndWhere } from 'payload/shared'

import { type Order, type Position, rowsAfter, sortWithId } from '@/api/cursor'
import { whereFilter } from '@/api/params'
import { withheldFieldNames } from '@/creditData/marker'
import { ClientError } from '@/errors'
import { fieldAt } from '@/lib/fieldAt'
import { isRecord } from '@/lib/isRecord'
import { valueAt } from '@/lib/valueAt'

import { nameColumnOf, namesOfPage, relationOfColumn } from './relationNames'
import { timeZoneParam, zonedIso } from './zonedTimes'

/** Records read per query while the file is written. */
const PAGE = 500

const FORMULA = /^[=+\-@\t\r]/

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.map((item) => (isRecord(item) && 'id' in item ? item.id : item)).join('; ')
        : isRecord(value)
          ? JSON.stringify(value)
          : String(value)
  const safe = FORMULA.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The exported columns: the collection's data fields, less what is never exported. */
export const exportColumns = (collection: Pick<CollectionConfig, 'fields'>): string[] => {
  const never = withheldFieldNames(collection.fields)
  return flattenTopLevelFields(collection.fields).flatMap(({ name, type }) =>
    name && !never.has(name) && !['join', 'ui'].includes(type) ? [name] : [],
  )
}

/**
 * The list's shown columns, from its address: Payload's JSON list (`["title","-source"]`, `-`
 * marking a hidden one) or names separated by commas. Only exportable columns may be named.
 */
const listedColumns = (config: CollectionConfig, raw: unknown): string[] | undefined => {
  if (raw === undefined || raw === '') return undefined
  let names: unknown = raw
  if (typeof raw === 'string') {
    try {
      names = raw.trim().startsWith('[') ? JSON.parse(raw) : raw.split(',')
    } catch {
      names = undefined
    }
  }
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string'))
    throw new ClientError('The columns parameter must list field names.', 400)
  const shown = names.map((name) => name.trim()).filter((name) => name && !name.startsWith('-'))
  const exportable = new Set(['id', ...exportColumns(config)])
  const refused = shown.filter((name) => !exportable.has(name.split('.')[0]))
  if (refused.length)
    throw new ClientError(`These columns cannot be exported: ${refused.join(', ')}.`, 400)
  return shown.length ? shown : undefined
}

/** Field types whose column PostgreSQL compares in the order it sorts them. */
const KEYSET_TYPES = new Set(['date', 'email', 'number', 'text', 'textarea'])

/** The list's sort as a keyset order, or null when it must be paged by offset (`a,b` names no field). */
const keysetOrder = (config: SanitizedCollectionConfig, sort: string): null | Order => {
  const field = sort.replace(/^-/, '')
  const found = field === 'id' ? undefined : fieldAt(config.flattenedFields, field)
  const scalar =
    field === 'id' ||
    (found && KEYSET_TYPES.has(found.type) && !('hasMany' in found && found.hasMany))
  return scalar ? { direction: sort.startsWith('-') ? 'desc' : 'asc', field } : null
}

/**
 * The passes of a keyed export: the rows holding a value of the sort field, then (ascending;
 * before them, descending) those without, by id: PostgreSQL's order, each pass keyed so the index
 * starts at the last row (a null branch beside the key would make it walk from the first).
 */
const passesOf = (order: Order): { order: Order; where: Where }[] => {
  if (order.field === 'id') return [{ order, where: {} }]
  const values = { order, where: { [order.field]: { exists: true } } }
  const blanks = {
    order: { ...order, field: 'id' },
    where: { [order.field]: { exists: false } },
  }
  return order.direction === 'asc' ? [values, blanks] : [blanks, values]
}

/** The records of the export, a page at a time, in the list's order. */
async function* exportedPages(
  req: PayloadRequest,
  slug: CollectionSlug,
  where: Where,
  sort: string,
): AsyncGenerator<Record<string, unknown>[]> {
  const read = async (rows: { page?: number; sort: string[]; where: Where }) => {
    const { docs } = await req.payload.find({
      collection: slug,
      depth: 0,
      limit: PAGE,
      overrideAccess: false,
      pagination: false,
      req,
      ...rows,
    })
    // Every record Payload answers is a JSON object: the check lets it be read by field name.
    return docs.flatMap((doc): Record<string, unknown>[] => (isRecord(doc) ? [doc] : []))
  }
  const order = keysetOrder(req.payload.collections[slug].config, sort)
  if (!order) {
    for (let page = 1; ; page++) {
      const records = await read({ page, sort: [...sort.split(','), 'id'], where })
      if (records.length) yield records
      if (records.length < PAGE) return
    }
  }
  for (const pass of passesOf(order)) {
    let after: null | Position = null
    for (;;) {
      const keyed: Where[] = after ? [rowsAfter(after, { nulls: false })] : []
      const records = await read({
        sort: sortWithId(pass.order),
        where: { and: [where, pass.where, ...keyed] },
      })
      if (records.length) yield records
      if (records.length < PAGE) break
      const last = records[records.length - 1]
      after = {
        d: pass.order.direction,
        f: pass.order.field,
        id: last.id as number | string,
        // The row count a list's cursor carries for its page numbers; an export has none.
        n: 1,
        v: valueAt(last, pass.order.field) as Position['v'],
      }
    }
  }
}

const filename = (slug: string) => `${slug}-${new Date().toISOString().slice(0, 10)}.csv`

/** Every record of the list `slug` the caller may read (and the list's filter selects), as CSV. */
export const exportCsv = async (req: PayloadRequest, slug: CollectionSlug): Promise<Response> => {
  const { config } = req.payload.collections[slug]
  const columns = listedColumns(config, req.query?.columns) ?? [
    'id',
    ...exportColumns(config).filter((name) => name !== 'id'),
  ]
  const sort = typeof req.query?.sort === 'string' && req.query.sort ? req.query.sort : 'createdAt'
  const filter = whereFilter.optional().safeParse(req.query?.where)
  // Never "no filter" for one that cannot be read: that would export every row.
  if (!filter.success) throw new ClientError('The where parameter must be a filter object.', 400)
  // What the list shows: its filter and its search box, combined as the list view combines them.
  const where = mergeListSearchAndWhere({
    collectionConfig: config,
    search: typeof req.query?.search === 'string' ? req.query.search : '',
    where: filter.data,
  })
  const timeZone = timeZoneParam(req.query?.tz)
  const zoned = new Set(
    timeZone
      ? columns.filter((name) => fieldAt(config.flattenedFields, name)?.type === 'date')
      : [],
  )
  const named = new Map(
    columns.flatMap((name) => {
      const target = relationOfColumn(config.flattenedFields, name)
      return target ? [[name, target] as const] : []
    }),
  )
  const header = columns.flatMap((name) => (named.has(name) ? [name, nameColumnOf(name)] : [name]))
  const pages = exportedPages(req, slug, where, sort)
  const lineOf = (doc: Record<string, unknown>, nameOf: Awaited<ReturnType<typeof namesOfPage>>) =>
    columns
      .flatMap((name) => {
        const stored = valueAt(doc, name)
        const value = timeZone && zoned.has(name) ? zonedIso(stored, timeZone) : stored
        return named.has(name) ? [cell(value), cell(nameOf(name, value))] : [cell(value)]
      })
      .join(',')
  const encoder = new TextEncoder()
  const text = async (docs: Record<string, unknown>[]) => {
    const nameOf = await namesOfPage(req, docs, named)
    return encoder.encode(docs.map((doc) => `${lineOf(doc, nameOf)}\r\n`).join(''))
  }
  // The first page is written before answering, so a refusal (a bad filter, no access) is still
  // an answer of its own rather than a broken download.
  const first = await pages.next()
  const queued = [encoder.encode(`${header.map(cell).join(',')}\r\n`)]
  if (!first.done) queued.push(await text(first.value))
  const body = new ReadableStream<Uint8Array>({
    cancel: async () => {
      await pages.return(undefined)
    },
    pull: async (controller) => {
      const ready = queued.shift()
      if (ready) return controller.enqueue(ready)
      const next = await pages.next()
      if (next.done) controller.close()
      else controller.enqueue(await text(next.value))
    },
  })
  return new Response(body, {
    headers: {
      'Content-Disposition': `attachment; filename="${filename(slug)}"`,
      'Content-Type': 'text/csv; charset=utf-8',
    },
  })
}
