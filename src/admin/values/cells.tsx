'use client'
/**
 * List cells that write values as people read them (src/admin/values/format.ts). Each keeps the
 * link to the record when it is a list's first column.
 */
import { useConfig } from '@payloadcms/ui'
import type { DefaultCellComponentProps } from 'payload'
import React, { useEffect, useState } from 'react'

import { formatDateTime, formatMoney, formatPhone, listItems, yesNo } from './format'

type Props = DefaultCellComponentProps

/** The text, linked to the record in the list's linked column. */
const Cell: React.FC<{ children: React.ReactNode; props: Props }> = ({ children, props }) => {
  const { config } = useConfig()
  const { collectionSlug, link, linkURL, rowData } = props
  if (!link) return <span className="value-cell">{children}</span>
  const href =
    linkURL ??
    `${config.routes.admin}/collections/${collectionSlug}/${encodeURIComponent(String(rowData.id))}`
  return (
    <a className="value-cell" href={href}>
      {children}
    </a>
  )
}

export const MoneyCell: React.FC<Props> = (props) => (
  <Cell props={props}>{formatMoney(props.cellData)}</Cell>
)

export const YesNoCell: React.FC<Props> = (props) => (
  <Cell props={props}>{yesNo(props.cellData)}</Cell>
)

export const PhoneCell: React.FC<Props> = (props) => (
  <Cell props={props}>{formatPhone(props.cellData)}</Cell>
)

/** A select's stored value by its option's label. */
const optionLabel = (field: Props['field'], value: unknown): string => {
  const options = 'options' in field && Array.isArray(field.options) ? field.options : []
  for (const option of options) {
    if (typeof option === 'string' ? option === value : option.value === value)
      return typeof option === 'string' || typeof option.label !== 'string'
        ? String(value)
        : option.label
  }
  return String(value)
}

/** A list (phone numbers, roles…) as chips; phone lists in the one phone format. */
export const ChipsCell: React.FC<Props> = (props) => {
  const { field } = props
  const phones = 'name' in field && /phone/i.test(field.name)
  const items = listItems(props.cellData, (item) =>
    phones ? formatPhone(item) : optionLabel(field, item),
  )
  return (
    <Cell props={props}>
      {items.map((item, index) => (
        <span
          className="value-chip"
          key={`${index}-${item}`}
          style={{
            background: 'var(--theme-elevation-100)',
            borderRadius: '1rem',
            display: 'inline-block',
            margin: '0 0.25rem 0.125rem 0',
            padding: '0 0.5rem',
            whiteSpace: 'nowrap',
          }}
        >
          {item}
        </span>
      ))}
    </Cell>
  )
}

/**
 * A moment in the viewer's locale and time zone. The server knows neither: it writes the moment
 * in US English and UTC, and the browser rewrites it once the page is live (so hydration matches).
 */
export const Moment: React.FC<{ value: unknown }> = ({ value }) => {
  const [text, setText] = useState(() => formatDateTime(value, 'en-US', 'UTC'))
  useEffect(() => setText(formatDateTime(value)), [value])
  return <time dateTime={typeof value === 'string' ? value : undefined}>{text}</time>
}

export const DateTimeCell: React.FC<Props> = (props) => (
  <Cell props={props}>
    <Moment value={props.cellData} />
  </Cell>
)
