/** How a collection's trash (src/trash) shows in its routes: the `trash` parameter and what a DELETE does. */
import type { Context } from './shared'

/** `?trash=true` on a collection with a trash (src/trash): the operation sees trashed records too. */
export const trashParams = (collection: Context['collection'], what: string) =>
  collection.trash
    ? [
        {
          description: `\`true\`: ${what} Without it, trashed records are not found. Staff users and admin API clients only (403 for any other caller).`,
          in: 'query',
          name: 'trash',
          schema: { enum: ['true', 'false'], type: 'string' },
        },
      ]
    : []

/** What a DELETE does on a collection with a trash, and on any other. */
export const deleteText = (collection: Context['collection'], one: boolean) =>
  collection.trash
    ? ` A delete moves ${one ? 'the record' : 'them'} to the trash, whoever sends it (restored with a PATCH of \`deletedAt: null\` and \`trash=true\`). With \`trash=true\` (admins only: 403 for anyone else), ${one ? 'a record already in the trash is deleted for good (a live one is moved to the trash)' : 'the records found in the trash are deleted for good and the live ones found are moved to the trash'}, each audited.`
    : ''
