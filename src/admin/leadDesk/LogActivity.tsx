'use client'
/**
 * "Log activity": one lead event (type, status, next steps) and the lead's next follow-up time.
 * Not a <form>: it sits inside the document's form, and a nested form would submit that one.
 */
import React, { useState } from 'react'

import { leadEventStatuses, leadEventTypes } from '@/fields/leadEventValues'

import { call, errorOf, fromLocalInput } from './api'

export const LogActivity = ({
  api,
  lead,
  onLogged,
}: {
  api: string
  lead: number
  onLogged: () => void
}) => {
  const [type, setType] = useState<string>('Outbound Phone Call')
  const [status, setStatus] = useState('')
  const [nextSteps, setNextSteps] = useState('')
  const [due, setDue] = useState('')
  const [error, setError] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)

  const fail = (message: string) => {
    setBusy(false)
    setError(message)
  }

  const log = async () => {
    setBusy(true)
    setError(null)
    // One request: the event and the due time are saved together or not at all.
    const logged = await call(`${api}/lead/${lead}/activity`, {
      body: {
        followUpDue: fromLocalInput(due) ?? undefined,
        nextSteps: nextSteps.trim() || undefined,
        status: status || undefined,
        type,
      },
      method: 'POST',
    })
    if (!logged.ok) return fail(errorOf(logged))
    onLogged()
  }

  return (
    <div aria-label="Log activity" className="lead-desk__log" role="form">
      <h4>Log activity</h4>
      <div className="lead-desk__row">
        <label>
          Type
          <select name="type" onChange={(event) => setType(event.target.value)} value={type}>
            {leadEventTypes.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select name="status" onChange={(event) => setStatus(event.target.value)} value={status}>
            <option value="">(unchanged)</option>
            {leadEventStatuses.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          Next due
          <input
            name="followUpDue"
            onChange={(event) => setDue(event.target.value)}
            type="datetime-local"
            value={due}
          />
        </label>
      </div>
      <label>
        Next steps
        <textarea
          name="nextSteps"
          onChange={(event) => setNextSteps(event.target.value)}
          rows={2}
          value={nextSteps}
        />
      </label>
      {error ? (
        <p className="lead-desk__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        className="btn btn--style-primary btn--size-small"
        disabled={busy}
        onClick={() => void log()}
        type="button"
      >
        {busy ? 'Logging…' : 'Log activity'}
      </button>
    </div>
  )
}
