'use client'
/**
 * Cells of the audit log's list that keep a row on the screen: long values are cut to one line
 * with the whole value on hover (and on the entry's own page), lists of field names wrap.
 */
import type { DefaultCellComponentProps } from 'payload'
import React from 'react'

const clipped: React.CSSProperties = {
  display: 'block',
  maxWidth: '18rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
}

/** One line, cut with an ellipsis; the full value is the cell's title. */
export const ClippedCell: React.FC<DefaultCellComponentProps> = ({ cellData }) => {
  const text = Array.isArray(cellData) ? cellData.join(', ') : String(cellData ?? '')
  return (
    <span style={clipped} title={text}>
      {text}
    </span>
  )
}

/** Field names, wrapped within the column. */
export const WrappedListCell: React.FC<DefaultCellComponentProps> = ({ cellData }) => (
  <span
    style={{ display: 'block', maxWidth: '18rem', overflowWrap: 'anywhere', whiteSpace: 'normal' }}
  >
    {Array.isArray(cellData) ? cellData.join(', ') : String(cellData ?? '')}
  </span>
)

/** Who acted, by name (the entry's `actorName`), with the stored `actor` as the title. */
export const ActorCell: React.FC<DefaultCellComponentProps> = ({ cellData, rowData }) => {
  const stored = String(cellData ?? '')
  const name = typeof rowData.actorName === 'string' ? rowData.actorName : stored
  return (
    <span data-actor={stored} style={clipped} title={`${name} — ${stored}`}>
      {name}
    </span>
  )
}
