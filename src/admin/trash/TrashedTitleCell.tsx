'use client'
/**
 * A trashable collection's title cell: Payload's own cell (linked to the record), and in the
 * trash view, under it, when the record was moved to the trash and by whom (src/trash/fields.ts).
 */
import { DefaultCell } from '@payloadcms/ui'
import type { DefaultCellComponentProps } from 'payload'
import React from 'react'

import { Moment } from '../values/cells'

export const TrashedTitleCell: React.FC<DefaultCellComponentProps> = (props) => {
  const { rowData, viewType } = props
  const cell = <DefaultCell {...props} />
  if (viewType !== 'trash' || !rowData?.deletedAt) return cell
  const by = typeof rowData.deletedBy === 'string' ? rowData.deletedBy : undefined
  return (
    <div className="trashed-title">
      {cell}
      <div className="trashed-title__note">
        Moved to the trash <Moment value={rowData.deletedAt} />
        {by ? ` by ${by}` : ''}
      </div>
    </div>
  )
}
