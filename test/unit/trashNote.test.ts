/**
 * Every collection with a trash says in its trash list when each record was moved there and by
 * whom: its title column (the first a list shows) is drawn by src/admin/trash/TrashedTitleCell,
 * and it has the `deletedBy` the cell reads. Built from the config (no database).
 */
import { describe, expect, it } from '@jest/globals'
import type { Field, SanitizedCollectionConfig } from 'payload'
import { flattenTopLevelFields } from 'payload/shared'

const cellOf = (field: Field | undefined): unknown =>
  field && 'admin' in field ? (field.admin?.components as { Cell?: unknown })?.Cell : undefined

describe('the trash list names when and by whom', () => {
  it('on every collection with a trash, in its title column', async () => {
    const config = await (await import('../../payload.config')).default
    const trashed = config.collections.filter(
      (collection: SanitizedCollectionConfig) => collection.trash,
    )
    expect(trashed.length).toBeGreaterThan(10)
    const report = trashed.map((collection) => {
      const fields = flattenTopLevelFields(collection.fields) as Field[]
      const title = fields.find(
        (field) => 'name' in field && field.name === collection.admin.useAsTitle,
      )
      const deletedBy = fields.find((field) => 'name' in field && field.name === 'deletedBy')
      return {
        cell: cellOf(title),
        deletedBy: deletedBy?.type,
        slug: collection.slug,
      }
    })
    expect(report).toEqual(
      trashed.map((collection) => ({
        cell: '/src/admin/trash/TrashedTitleCell#TrashedTitleCell',
        deletedBy: 'text',
        slug: collection.slug,
      })),
    )
  })
})
