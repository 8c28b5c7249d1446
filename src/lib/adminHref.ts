/**
 * Addresses of the admin UI: a record's page and a list filtered by a `where`. Plain strings, so
 * features (the lead desk's to-do list, a consumer's consents) link into the admin UI without
 * importing it.
 */
import type { Where, WhereField } from 'payload'

/** A record linked to its page in the admin UI (connected records). */
export type Linked = { detail?: string; href: string; id: string; title: string }

/** `where` as the admin list view reads it from its address (`?where[a][equals]=b`). */
const queryOf = (where: Where | WhereField, prefix = 'where'): string[] =>
  Object.entries(where).flatMap(([key, value]) =>
    Array.isArray(value)
      ? value.flatMap((item, index) =>
          item && typeof item === 'object'
            ? queryOf(item, `${prefix}[${key}][${index}]`)
            : [`${prefix}[${key}][${index}]=${encodeURIComponent(String(item))}`],
        )
      : value && typeof value === 'object'
        ? queryOf(value, `${prefix}[${key}]`)
        : [`${prefix}[${key}]=${encodeURIComponent(String(value))}`],
  )

export const listHref = (collection: string, where: Where): string =>
  `/admin/collections/${collection}?${queryOf(where).join('&')}`

/** The admin UI's page of a record. */
export const recordHref = (adminRoute: string, collection: string, id: number | string): string =>
  `${adminRoute}/collections/${collection}/${encodeURIComponent(String(id))}`
