/**
 * Which list cell each field of a collection gets (src/fields/readableValues.ts), and Payload's timestamps
 * declared as Payload adds them: last, with the same columns.
 */
import { describe, expect, it } from '@jest/globals'
import type { CollectionConfig, Field } from 'payload'

import { notBelow } from '@/fields/range'
import { cell, moneyField, withCell, withReadableValues } from '@/fields/readableValues'

const cellOf = (field: Field | undefined): unknown =>
  (field as { admin?: { components?: { Cell?: unknown } } } | undefined)?.admin?.components?.Cell

const collection: CollectionConfig = {
  slug: 'sample',
  fields: [
    { name: 'title', type: 'text' },
    { type: 'row', fields: [{ name: 'used', type: 'checkbox' }] },
    { name: 'phones', type: 'text', hasMany: true },
    { name: 'roles', type: 'select', hasMany: true, options: ['sales', 'finance'] },
    {
      type: 'tabs',
      tabs: [
        {
          fields: [{ name: 'submission', type: 'group', fields: [{ name: 'at', type: 'date' }] }],
          label: 'One',
        },
      ],
    },
    withCell({ name: 'price', type: 'number' }, cell.money),
    withCell({ name: 'special', type: 'checkbox' }, cell.chips),
  ],
}

describe('withReadableValues', () => {
  const { fields } = withReadableValues(collection)
  const named = (name: string, among: Field[] = fields): Field | undefined => {
    for (const field of among) {
      if ('name' in field && field.name === name) return field
      const nested =
        field.type === 'tabs'
          ? field.tabs.flatMap((tab) => tab.fields)
          : 'fields' in field
            ? field.fields
            : []
      const found = named(name, nested)
      if (found) return found
    }
    return undefined
  }

  it('gives booleans Yes/No, lists chips and moments the viewer’s locale, wherever they sit', () => {
    expect(cellOf(named('used'))).toBe(cell.yesNo)
    expect(cellOf(named('phones'))).toBe(cell.chips)
    expect(cellOf(named('roles'))).toBe(cell.chips)
    expect(cellOf(named('at'))).toBe(cell.dateTime)
  })

  it('leaves plain values and fields with a cell of their own as they are', () => {
    expect(cellOf(named('title'))).toBeUndefined()
    expect(cellOf(named('price'))).toBe(cell.money)
    expect(cellOf(named('special'))).toBe(cell.chips)
  })

  it("declares Payload's timestamps last, as Payload would add them, with a cell", () => {
    expect(fields.slice(-2)).toEqual([
      expect.objectContaining({
        name: 'updatedAt',
        type: 'date',
        admin: { components: { Cell: cell.dateTime }, disableBulkEdit: true, hidden: true },
        index: true,
      }),
      expect.objectContaining({ name: 'createdAt', type: 'date', index: true }),
    ])
    expect(fields).toHaveLength(collection.fields.length + 2)
  })
})

describe('moneyField', () => {
  it('is a number of at least 0 with the money cell, a $ in its input and the amount under it', () => {
    const field = moneyField('price', 'Asking price, in US dollars.')
    expect(field).toMatchObject({
      name: 'price',
      type: 'number',
      admin: {
        className: 'money',
        components: {
          afterInput: ['/src/admin/values/MoneyInput#MoneyReadout'],
          beforeInput: ['/src/admin/values/MoneyInput#DollarSign'],
          Cell: cell.money,
        },
        description: 'Asking price, in US dollars.',
      },
      min: 0,
    })
    expect(field).not.toHaveProperty('validate')
  })

  it('keeps the check it is given', () => {
    const check = notBelow('minimum')
    expect(moneyField('maximum', 'Highest.', check).validate).toBe(check)
  })
})
