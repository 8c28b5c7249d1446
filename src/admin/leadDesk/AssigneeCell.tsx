/**
 * A list cell naming a lead's assignee (name, else e-mail): staff may read only their own user
 * record, so Payload's relationship cell would show them a colleague's id.
 */
import type { DefaultServerCellComponentProps } from 'payload'
import React from 'react'

import { isRecord } from '@/lib/isRecord'

import { staffName } from '../values/staffName'

export const AssigneeCell = async ({ cellData, payload }: DefaultServerCellComponentProps) => {
  const id: unknown = isRecord(cellData) ? cellData.id : cellData
  if (typeof id !== 'number') return null
  const name = await staffName(payload, id)
  return <span>{name ?? 'a removed user'}</span>
}
