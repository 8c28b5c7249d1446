'use client'
/**
 * The signing secret of a webhook endpoint, which is never read back: "Rotate secret" makes a
 * new one and shows it here once (the old one keeps signing for the grace period).
 */
import { Button, FieldLabel, useDocumentInfo } from '@payloadcms/ui'
import React, { useState } from 'react'

export const RotateSecret: React.FC = () => {
  const { id } = useDocumentInfo()
  const [shown, setShown] = useState<{ expires?: string; secret?: string; error?: string }>({})
  if (id === undefined)
    return (
      <p>A signing secret is generated when the endpoint is saved; rotate it here to see one.</p>
    )
  const rotate = async () => {
    const response = await fetch(`/api/webhook-endpoints/${id}/rotate-secret`, {
      credentials: 'include',
      method: 'POST',
    })
    if (!response.ok) return setShown({ error: `Could not rotate (HTTP ${response.status}).` })
    const { previousSecretExpiresAt, secret } = await response.json()
    setShown({ expires: previousSecretExpiresAt, secret })
  }
  return (
    <div className="field-type webhook-secret" style={{ marginBottom: '1.5rem' }}>
      <FieldLabel label="Signing secret" />
      {shown.secret ? (
        <>
          <code data-testid="webhook-secret">{shown.secret}</code>
          <p>
            Copy it now: it is not shown again. The previous secret keeps signing until{' '}
            {shown.expires}.
          </p>
        </>
      ) : (
        <Button buttonStyle="secondary" onClick={rotate}>
          Rotate secret
        </Button>
      )}
      {shown.error && <p role="alert">{shown.error}</p>}
    </div>
  )
}
