/**
 * What a collection config names to show its values as people read them: list cells by kind,
 * and collections whose lists use them (`custom.readableValues`, `withReadableValues`).
 */
import type { CollectionConfig, Field, NumberField, NumberFieldSingleValidation } from 'payload'

import { isRecord } from '@/lib/isRecord'

const CELLS = '/src/admin/values/cells'

/** List cells by the kind of value they write. */
export const cell = {
  chips: `${CELLS}#ChipsCell`,
  dateTime: `${CELLS}#DateTimeCell`,
  money: `${CELLS}#MoneyCell`,
  phone: `${CELLS}#PhoneCell`,
  yesNo: `${CELLS}#YesNoCell`,
} as const

/** `field` drawn in lists by `component`. */
export const withCell = <T extends Field>(field: T, component: string): T => {
  const admin: Record<string, unknown> = { ...field.admin }
  const components = isRecord(admin.components) ? admin.components : {}
  return { ...field, admin: { ...admin, components: { ...components, Cell: component } } }
}

const MONEY_INPUT = '/src/admin/values/MoneyInput'

/**
 * An amount in US dollars: `$23,750.00` in lists, and in its form a `$` in the input with the
 * amount written out under it. Stored and answered as the plain number.
 */
export const moneyField = (
  name: string,
  description: string,
  validate?: NumberFieldSingleValidation,
): NumberField =>
  withCell<NumberField>(
    {
      name,
      type: 'number',
      admin: {
        className: 'money',
        components: {
          afterInput: [`${MONEY_INPUT}#MoneyReadout`],
          beforeInput: [`${MONEY_INPUT}#DollarSign`],
        },
        description,
      },
      min: 0,
      ...(validate && { validate }),
    },
    cell.money,
  )

/** Payload's `updatedAt` and `createdAt`, as Payload adds them (same columns, labels). */
const timestamps = (['updatedAt', 'createdAt'] as const).map((name): Field => ({
  name,
  type: 'date',
  admin: { disableBulkEdit: true, hidden: true },
  index: true,
  label: ({ t }) => t(`general:${name}`),
}))

const hasOwnCell = (field: Field): boolean => {
  const components = field.admin?.components
  return typeof components === 'object' && components !== null && 'Cell' in components
}

/** The cell a field's kind of value reads best in, when it has none of its own. */
const readable = (field: Field): Field => {
  if (hasOwnCell(field)) return field
  switch (field.type) {
    case 'checkbox':
      return withCell(field, cell.yesNo)
    case 'collapsible':
    case 'row':
      return { ...field, fields: field.fields.map(readable) }
    case 'date':
      return withCell(field, cell.dateTime)
    case 'group':
      return { ...field, fields: field.fields.map(readable) }
    case 'select':
    case 'text':
      return field.hasMany ? withCell(field, cell.chips) : field
    case 'tabs':
      return {
        ...field,
        tabs: field.tabs.map((tab) => ({ ...tab, fields: tab.fields.map(readable) })),
      }
    default:
      return field
  }
}

/**
 * A collection whose list shows Yes/No for booleans, chips for lists and moments in the viewer's
 * locale, Payload's own timestamps included. Those are declared last, where Payload would add
 * them, so records keep their shape. Fields with a cell of their own keep it.
 */
export const withReadableValues = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  fields: [...collection.fields, ...timestamps].map(readable),
})
