/**
 * Names beside ids in an exported list: each relation column (`assignee`, ids, which an import
 * takes back) is followed by `assignee (name)`, the related records' titles (their collection's
 * `useAsTitle`, as pickers show them), read as the caller: a record the caller may not read
 * leaves its name blank. An import skips these columns.
 */
import { type CollectionSlug, type FlattenedField, Forbidden, type PayloadRequest } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { valueAt } from '@/lib/valueAt'

import { fieldOfColumn } from './columns'

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
  const field = fieldOfColumn(fields, column)
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

/** The titles of `ids` in `slug` the caller may read: none when it may not read the collection. */
const readable = async (
  req: PayloadRequest,
  slug: CollectionSlug,
  titleField: string,
  ids: (number | string)[],
): Promise<unknown[]> => {
  try {
    const found = await req.payload.find({
      collection: slug,
      depth: 0,
      overrideAccess: false,
      pagination: false,
      req,
      select: { [titleField]: true },
      where: { id: { in: ids } },
    })
    return found.docs
  } catch (error) {
    if (error instanceof Forbidden) return []
    throw error
  }
}

export type PageNames = (column: string, value: unknown) => string

/**
 * The titles of the records a page of `docs` points to in `columns` (one query per related
 * collection and page), and how to write them for one cell.
 */
export const namesOfPage = async (
  req: PayloadRequest,
  docs: Record<string, unknown>[],
  columns: Map<string, CollectionSlug>,
): Promise<PageNames> => {
  const titles = new Map<CollectionSlug, Map<string, string>>()
  const wanted = new Map<CollectionSlug, Set<number | string>>()
  for (const [column, slug] of columns) {
    const ids = wanted.get(slug) ?? new Set()
    for (const doc of docs) for (const id of idsIn(valueAt(doc, column))) ids.add(id)
    wanted.set(slug, ids)
  }
  for (const [slug, ids] of wanted) {
    const titleField = req.payload.collections[slug].config.admin.useAsTitle ?? 'id'
    const found = ids.size ? await readable(req, slug, titleField, [...ids]) : []
    titles.set(
      slug,
      new Map(
        found.flatMap((doc) =>
          isRecord(doc) ? [[String(doc.id), String(doc[titleField] ?? doc.id)] as const] : [],
        ),
      ),
    )
  }
  return (column, value) => {
    const named = titles.get(columns.get(column)!)
    return idsIn(value)
      .map((id) => named?.get(String(id)) ?? '')
      .join('; ')
  }
}
