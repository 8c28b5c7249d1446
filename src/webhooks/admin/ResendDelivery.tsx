'use client'
/** The Resend action of a webhook delivery: due again at once, with the same webhook-id. */
import { Button, useDocumentInfo, useField } from '@payloadcms/ui'
import React, { useState } from 'react'

export const ResendDelivery: React.FC = () => {
  const { id } = useDocumentInfo()
  const { value: status } = useField<string>({ path: 'status' })
  const [message, setMessage] = useState<string>()
  if (id === undefined) return null
  const resend = async () => {
    const response = await fetch(`/api/webhook-deliveries/${id}/resend`, {
      credentials: 'include',
      method: 'POST',
    })
    setMessage(
      response.ok
        ? 'Queued: it will be sent again within a few seconds. Reload to see the attempt.'
        : `Could not resend (HTTP ${response.status}).`,
    )
  }
  return (
    <div className="field-type webhook-resend" style={{ marginBottom: '1.5rem' }}>
      <Button buttonStyle="secondary" disabled={status === 'pending' && !message} onClick={resend}>
        Resend
      </Button>
      {message && <p role="status">{message}</p>}
    </div>
  )
}
