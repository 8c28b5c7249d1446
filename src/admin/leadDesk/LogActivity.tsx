'use client'
/** "Log activity": one lead event (type, status, next steps) and the lead's next follow-up time. */
import React, { useState } from 'react'

import { leadEventStatuses, leadEventTypes } from '../../../collections/LeadEvents/values'
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
  const [error, setError] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    setBusy(true)
    setError(null)
    const created = await call(`${api}/leadEvents`, {
      body: {
        lead,
        nextSteps: text('nextSteps') || undefined,
        status: text('status') || undefined,
        type: text('type'),
      },
      method: 'POST',
    })
    if (!created.ok) {
      setBusy(false)
      return setError(errorOf(created))
    }
    const due = fromLocalInput(text('followUpDue'))
    if (due) {
      const updated = await call(`${api}/lead/${lead}`, {
        body: { followUpDue: due },
        method: 'PATCH',
      })
      if (!updated.ok) {
        setBusy(false)
        return setError(
          `The activity was logged, but the due time was not saved: ${errorOf(updated)}`,
        )
      }
    }
    onLogged()
  }

  return (
    <form aria-label="Log activity" className="lead-desk__log" onSubmit={submit}>
      <h4>Log activity</h4>
      <div className="lead-desk__row">
        <label>
          Type
          <select defaultValue="Outbound Phone Call" name="type" required>
            {leadEventTypes.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select defaultValue="" name="status">
            <option value="">(unchanged)</option>
            {leadEventStatuses.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          Next due
          <input name="followUpDue" type="datetime-local" />
        </label>
      </div>
      <label>
        Next steps
        <textarea name="nextSteps" rows={2} />
      </label>
      {error ? (
        <p className="lead-desk__error" role="alert">
          {error}
        </p>
      ) : null}
      <button className="btn btn--style-primary btn--size-small" disabled={busy} type="submit">
        {busy ? 'Logging…' : 'Log activity'}
      </button>
    </form>
  )
}
