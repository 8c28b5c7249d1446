'use client'
/**
 * On a possible sanctions match's page: clear or confirm it, with the reason required
 * (POST …/review; a high-scoring match needs a second person to clear it, and the answer says
 * so). Not a <form>: it sits inside the document's form.
 */
import { useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import React, { useState } from 'react'

import { fieldErrorMessageOf, textAt } from '@/lib/answerBody'

export const ReviewMatch = () => {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.status?.value)
  const {
    config: {
      routes: { api },
      serverURL,
    },
  } = useConfig()
  const [reason, setReason] = useState('')
  const [message, setMessage] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  if (!id) return null
  if (status && status !== 'pending') return null
  const review = async (decision: 'clear' | 'confirm') => {
    setBusy(true)
    const response = await fetch(`${serverURL}${api}/sanctions-match/${id}/review`, {
      body: JSON.stringify({ decision, reason }),
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    }).catch(() => null)
    const body: unknown = await response?.json().catch(() => ({}))
    setBusy(false)
    if (response?.ok) {
      // A first clearance (202) says a second person must clear the match too.
      setMessage(`${textAt(body, ['message']) ?? 'Review recorded.'} Reload the page to see it.`)
      return
    }
    setMessage(fieldErrorMessageOf(body) ?? 'The review could not be recorded.')
  }
  return (
    <section aria-label="Review" style={{ marginBottom: '1.5rem' }}>
      <label style={{ display: 'block', marginBottom: '0.5rem' }}>
        Reason (required)
        <textarea
          name="reviewReasonInput"
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          style={{ display: 'block', width: '100%' }}
          value={reason}
        />
      </label>
      <p style={{ display: 'flex', gap: '0.5rem' }}>
        <button
          className="btn btn--style-secondary btn--size-small"
          disabled={busy}
          onClick={() => void review('clear')}
          type="button"
        >
          Clear: not the listed person
        </button>
        <button
          className="btn btn--style-secondary btn--size-small"
          disabled={busy}
          onClick={() => void review('confirm')}
          type="button"
        >
          Confirm match
        </button>
      </p>
      {message ? <p role="status">{message}</p> : null}
    </section>
  )
}
