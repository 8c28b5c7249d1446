/**
 * The "Filters" cell of the saved views' list (the picker above a list): the view's filter in
 * words, its placeholders as "me", "now" and "the start of today (UTC)" rather than the values
 * they stood for when the row was read. The row the viewer reads is read again as stored (one
 * row, already the viewer's to read).
 */
import type { DefaultServerCellComponentProps } from 'payload'
import React from 'react'

import { isRecord } from '@/lib/isRecord'

import { describeFilter } from './describe'
import { PRESETS_SLUG } from './slug'

export const FiltersCell = async ({
  cellData,
  payload,
  rowData,
}: DefaultServerCellComponentProps) => {
  const related = typeof rowData?.relatedCollection === 'string' ? rowData.relatedCollection : ''
  const fields =
    payload.config.collections.find((collection) => collection.slug === related)?.flattenedFields ??
    []
  const stored =
    rowData?.id === undefined
      ? null
      : await payload
          .findByID({
            collection: PRESETS_SLUG,
            context: { savedViewsAsStored: true },
            depth: 0,
            disableErrors: true,
            id: rowData.id as number,
            select: { where: true },
          })
          .catch(() => null)
  const where = isRecord(stored?.where) ? stored.where : cellData
  const sentences = describeFilter(where, fields)
  if (!sentences.length) return <span>No filter</span>
  return (
    <span className="saved-view-filters">
      {sentences.map((sentence, i) => (
        <span key={i}>
          {i > 0 && <em> or </em>}
          {sentence}
        </span>
      ))}
    </span>
  )
}
