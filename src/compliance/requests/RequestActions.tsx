'use client'
/**
 * On a consumer request: for an access request, the export as JSON or CSV (a download); for a
 * deletion request, "Carry out deletion" for staff admins (after a confirmation), which
 * de-identifies the consumer and writes what was kept, and why, on the request.
 */
import { useAuth, useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import type { PayloadRequest } from 'payload'
import React, { useState } from 'react'

import { mayCall } from '../../../access/policy'

export const RequestActions: React.FC = () => {
  const { user } = useAuth<NonNullable<PayloadRequest['user']>>()
  const { config } = useConfig()
  const { id } = useDocumentInfo()
  const kind = useFormFields(([fields]) => fields.kind?.value)
  const status = useFormFields(([fields]) => fields.status?.value)
  const router = useRouter()
  const [message, setMessage] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  if (!id) return null
  const base = `${config.serverURL}${config.routes.api}/consumer-requests/${id}`

  // Only for whoever may take the export: a compliance officer reads the request, not its data.
  if (kind === 'access')
    return mayCall(user, 'consumer-requests GET /:id/export') ? (
      <div className="consumer-request-actions" style={{ marginBottom: 'var(--base)' }}>
        <a
          className="btn btn--style-secondary btn--size-small"
          download
          href={`${base}/export?format=json`}
        >
          Download export (JSON)
        </a>{' '}
        <a
          className="btn btn--style-secondary btn--size-small"
          download
          href={`${base}/export?format=csv`}
        >
          Download export (CSV)
        </a>
      </div>
    ) : null

  if (kind !== 'deletion' || user?.role !== 'admin') return null

  const carryOut = async () => {
    if (!window.confirm('De-identify this consumer now? This cannot be undone.')) return
    setBusy(true)
    setMessage(null)
    const response = await fetch(`${base}/delete-data`, { credentials: 'include', method: 'POST' })
    setBusy(false)
    if (!response.ok) return setMessage(`The deletion failed (HTTP ${response.status})`)
    setMessage('Deletion carried out: see the outcome below.')
    router.refresh()
  }

  return (
    <div className="consumer-request-actions" style={{ marginBottom: 'var(--base)' }}>
      <button
        className="btn btn--style-secondary btn--size-small"
        disabled={busy || status === 'completed'}
        onClick={() => void carryOut()}
        type="button"
      >
        Carry out deletion
      </button>
      {message && <p>{message}</p>}
    </div>
  )
}
