/**
 * Names beside ids in an exported list: each relation column (`assignee`, ids, which an import
 * takes back) is followed by `assignee (name)`, the related records' titles (their collection's
 * `useAsTitle`, as pickers show them), read as the caller: a record the caller may not read
 * leaves its name blank. An import skips these columns.
 */
import type { CollectionSlug, FlattenedField, PayloadRequest } from 'payload'

import { fieldAt } from '@/lib/fieldAt'
import { isRecord } from '@/lib/isRecord'
import { valueAt } from '@/lib/valueAt'

const SUFFIX = ' (name)'

export const nameColumnOf = (column: string): string => `${column}${SUFFIX}`

/** The relation a name column names (`assignee (name)` → `assignee`), or undefined. */
export const relationOfNameColumn = (header: string): string | undefined =>
  header.endsWith(SUFFIX) ? header.slice(0, -SUFFIX.length) : undefined

/** The collection a column's field relates to (one collection; a group's field by its path). */
export const relationOfColumn = (
  fields: FlattenedField[],
  column: string,
): CollectionSlug | undefined => {
  const field = fieldAt(fields, column)
  return (field?.type === 'relationship' || field?.type === 'upload') &&
    typeof field.relationTo === 'string'
    ? field.relationTo
    : undefined
}

const idsIn = (value: unknown): (number | string)[] =>
  (Array.isArray(value) ? value : [value]).flatMap((item) => {
    const id = isRecord(item) ? item.id : item
    return typeof id === 'number' || typeof id === 'string' ? [id] : []
  })

/**
 * The records of `ids` in `slug` as the caller reads them (whole, at depth 0: a title may be
 * filled in by a read hook from other fields); none when it may not read the collection.
 */
const readable = async (
  req: PayloadRequest,
  slug: CollectionSlug,
  ids: (number | string)[],
): Promise<unknown[]> =>
  (
    await req.payload.find({
      collection: slug,
      depth: 0,
      disableErrors: true,
      overrideAccess: false,
      pagination: false,
      req,
      where: { id: { in: ids } },
    })
  ).docs

export type PageNames = (column: string, value: unknown) => string

/**
 * The titles of the records a page of `docs` points to in `columns` (one query per related
 * collection and page), and how to write them for one cell: blank for a record, or a title,
 * the caller may not read.
 */
export const namesOfPage = async (
  req: PayloadRequest,
  docs: Record<string, unknown>[],
  columns: Map<string, CollectionSlug>,
): Promise<PageNames> => {
  const wanted = new Map<CollectionSlug, Set<number | string>>()
  for (const [column, slug] of columns) {
    const ids = wanted.get(slug) ?? new Set()
    for (const doc of docs) for (const id of idsIn(valueAt(doc, column))) ids.add(id)
    wanted.set(slug, ids)
  }
  const titles = new Map<CollectionSlug, Map<string, string>>()
  for (const [slug, ids] of wanted) {
    const titleField = req.payload.collections[slug].config.admin.useAsTitle ?? 'id'
    const found = ids.size ? await readable(req, slug, [...ids]) : []
    titles.set(
      slug,
      new Map(
        found.flatMap((doc) =>
          isRecord(doc) && doc[titleField] !== undefined && doc[titleField] !== null
            ? [[String(doc.id), String(doc[titleField])] as const]
            : [],
        ),
      ),
    )
  }
  const byColumn = new Map([...columns].map(([column, slug]) => [column, titles.get(slug)]))
  return (column, value) =>
    idsIn(value)
      .map((id) => byColumn.get(column)?.get(String(id)) ?? '')
      .join('; ')
}
