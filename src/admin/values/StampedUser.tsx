/**
 * Who created or last changed a record (`createdBy`, `lastModifiedBy`), as read-only text: the
 * staff user's name (else e-mail), instead of a disabled dropdown of users.
 */
import type { RelationshipFieldServerComponent } from 'payload'
import React from 'react'

import { isRecord } from '@/lib/isRecord'

import { Readout } from './Readout'
import { staffName } from './staffName'

export const StampedUser: RelationshipFieldServerComponent = async ({
  clientField,
  field,
  path,
  payload,
  siblingData,
}) => {
  const stored: unknown = siblingData?.[field.name]
  const id = isRecord(stored) ? stored.id : stored
  const name =
    typeof id === 'number' || typeof id === 'string' ? await staffName(payload, id) : null
  const label = typeof clientField.label === 'string' ? clientField.label : field.name
  const text = name ?? (id === undefined || id === null ? '—' : 'a removed user')
  return (
    <Readout label={label} path={path ?? field.name}>
      {text}
    </Readout>
  )
}
