/**
 * The leads list's "Flags" and "Age" cells (ui fields of leads): what needs attention on each row,
 * worked out from the row itself (src/leadDesk/flags.ts).
 */
import './leadDesk.css'

import type { DefaultServerCellComponentProps } from 'payload'
import React from 'react'

import { leadAge, leadFlags } from '@/leadDesk/flags'

export const LeadFlagsCell = ({ rowData }: DefaultServerCellComponentProps) => (
  <span className="lead-flags">
    {leadFlags(rowData ?? {}, new Date()).map((flag) => (
      <span className={`lead-flags__flag lead-flags__flag--${flag.tone}`} key={flag.label}>
        {flag.label}
      </span>
    ))}
  </span>
)

export const LeadAgeCell = ({ rowData }: DefaultServerCellComponentProps) => (
  <span title={rowData?.createdAt}>{leadAge(rowData?.createdAt, new Date())}</span>
)
