'use client'
/**
 * "Reveal SSN" under an SSN field, for staff admins only: fetches this record with `?reveal=ssn`
 * (the server audits the read) and shows the full value beside the field, never in it, so the
 * form keeps sending the masked value and saving changes nothing.
 */
import { TextField, useAuth, useConfig, useDocumentInfo, useField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'
import React, { useState } from 'react'

import { isRecord } from '@/lib/isRecord'

type Staff = { collection?: string; role?: string }

const RevealSsn: React.FC<{ name: string; path: string }> = ({ name, path }) => {
  const { user } = useAuth<Staff>()
  const { collectionSlug, id } = useDocumentInfo()
  const { config } = useConfig()
  const { value } = useField<string>({ path })
  const [shown, setShown] = useState<null | string>(null)
  const [error, setError] = useState<null | string>(null)

  if (user?.role !== 'admin' || !id || !collectionSlug || !value) return null

  const reveal = async () => {
    setError(null)
    const response = await fetch(
      `${config.serverURL}${config.routes.api}/${collectionSlug}/${id}?depth=0&reveal=ssn`,
      { credentials: 'include' },
    )
    if (!response.ok) return setError(`Could not reveal (HTTP ${response.status})`)
    const doc: unknown = await response.json()
    const revealed = isRecord(doc) ? doc[name] : null
    setShown(typeof revealed === 'string' ? revealed : null)
  }

  return (
    <div className="reveal-ssn" style={{ marginTop: 'calc(var(--base) / 4)' }}>
      {shown ? (
        <>
          <code className="reveal-ssn__value">{shown}</code>{' '}
          <button className="reveal-ssn__toggle" onClick={() => setShown(null)} type="button">
            Hide
          </button>
        </>
      ) : (
        <button className="reveal-ssn__toggle" onClick={() => void reveal()} type="button">
          Reveal SSN
        </button>
      )}
      {error && <span className="reveal-ssn__error"> {error}</span>}
    </div>
  )
}

/** The SSN text field as Payload draws it, with the reveal control under it. */
export const SsnField: TextFieldClientComponent = (props) => (
  <>
    <TextField {...props} />
    <RevealSsn name={props.field.name} path={props.path} />
  </>
)
