import type { Field } from 'payload'

import { withCell } from '@/fields/readableValues'

const TRASHED_TITLE_CELL = '/src/admin/trash/TrashedTitleCell#TrashedTitleCell'

/**
 * A trashable collection's title column (its `useAsTitle` field, wherever rows, tabs or
 * collapsibles put it) drawn by a cell that, in the trash view, says under the title when the
 * record was moved there and by whom. Payload's columns are the same in the list and in its
 * trash (one preference), so the trash's facts ride on the column every list shows first.
 * A title field with a cell of its own keeps it.
 */
export const withTrashNote = (fields: Field[], useAsTitle: string | undefined): Field[] =>
  fields.map((field): Field => {
    if ('name' in field && field.name === useAsTitle && field.type !== 'group')
      return field.admin?.components && 'Cell' in field.admin.components
        ? field
        : withCell(field, TRASHED_TITLE_CELL)
    switch (field.type) {
      case 'collapsible':
      case 'row':
        return { ...field, fields: withTrashNote(field.fields, useAsTitle) }
      case 'tabs':
        return {
          ...field,
          tabs: field.tabs.map((tab) =>
            'name' in tab && tab.name
              ? tab
              : { ...tab, fields: withTrashNote(tab.fields, useAsTitle) },
          ),
        }
      default:
        return field
    }
  })
