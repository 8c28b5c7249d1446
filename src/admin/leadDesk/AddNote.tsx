'use client'
/**
 * "Add a note" on the lead desk: a staff note on the lead (POST /api/lead-note), shown in the
 * timeline once saved. Not a <form>, for the reason LogActivity gives.
 */
import React, { useState } from 'react'

import { call, errorOf } from '../call'
import { DeskError } from './DeskParts'

export const AddNote = ({
  api,
  lead,
  onAdded,
}: {
  api: string
  lead: number
  onAdded: () => Promise<void> | void
}) => {
  const [body, setBody] = useState('')
  const [error, setError] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)

  const add = async () => {
    setBusy(true)
    setError(null)
    const answer = await call(`${api}/lead-note`, { body: { body, lead }, method: 'POST' })
    setBusy(false)
    if (!answer.ok) return setError(errorOf(answer))
    setBody('')
    await onAdded()
  }

  return (
    <div aria-label="Add a note" className="lead-desk__log" role="form">
      <h4>Add a note</h4>
      <label>
        Note
        <textarea
          name="note"
          onChange={(event) => setBody(event.target.value)}
          placeholder="What the customer said, what was agreed"
          rows={2}
          value={body}
        />
      </label>
      <DeskError error={error} />
      <button
        className="btn btn--style-secondary btn--size-small"
        disabled={busy || !body.trim()}
        onClick={() => void add()}
        type="button"
      >
        {busy ? 'Saving…' : 'Add note'}
      </button>
    </div>
  )
}
