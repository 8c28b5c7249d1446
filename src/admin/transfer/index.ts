/**
 * Lists staff hand to others and take back: CSV export (./exportCsv.ts) and CSV or JSON import
 * (./importRows.ts) with its template (./template.ts), and the list view's buttons for them
 * (./ListTransfer.tsx).
 */
import type { CollectionSlug, Endpoint } from 'payload'

import { exportCsv } from './exportCsv'
import { type CreateRow, importRows } from './importRows'
import { importTemplate } from './template'

export { exportColumns } from './exportCsv'
export type { CreateRow } from './importRows'

/** `createRow`: how an imported row is created, when not as a plain create (leads: duplicates). */
export const listTransfer = (
  slug: CollectionSlug,
  { createRow }: { createRow?: CreateRow } = {},
) => ({
  component: '/src/admin/transfer/ListTransfer#ListTransfer',
  endpoints: [
    { handler: (req) => exportCsv(req, slug), method: 'get', path: '/export' },
    { handler: (req) => importRows(req, slug, createRow), method: 'post', path: '/import' },
    { handler: (req) => importTemplate(req, slug), method: 'get', path: '/import-template' },
  ] satisfies Endpoint[],
})
