'use client'
/**
 * On the do-not-contact banner: the customer asks to hear from the store again. Two steps (open,
 * then confirm with the reason), as lifting a refusal should be deliberate; POST
 * /api/do-not-contact/:id/withdraw, then the page reloads without the banner.
 */
import React, { useState } from 'react'

import { call, errorOf } from '../call'
import { onEnter } from './onEnter'

export const WithdrawDoNotContact = ({ api, request }: { api: string; request: number }) => {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<null | string>(null)
  if (!open)
    return (
      <button
        className="btn btn--style-secondary btn--size-small"
        onClick={() => setOpen(true)}
        type="button"
      >
        Withdraw the request…
      </button>
    )
  const withdraw = async () => {
    setBusy(true)
    setError(null)
    const answer = await call(`${api}/do-not-contact/${request}/withdraw`, {
      body: { reason },
      method: 'POST',
    })
    if (answer.ok) return window.location.reload()
    setBusy(false)
    setError(errorOf(answer))
  }
  return (
    <span aria-label="Withdraw do-not-contact" className="lead-desk__row" role="group">
      <label>
        Why (the customer asked to hear from us again: how, when)
        <input
          name="withdrawReason"
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={onEnter(() => {
            if (reason.trim() && !busy) void withdraw()
          })}
          type="text"
          value={reason}
        />
      </label>
      <button
        className="btn btn--style-primary btn--size-small"
        disabled={busy || !reason.trim()}
        onClick={() => void withdraw()}
        type="button"
      >
        Withdraw
      </button>
      <button
        className="btn btn--style-secondary btn--size-small"
        onClick={() => setOpen(false)}
        type="button"
      >
        Cancel
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </span>
  )
}
