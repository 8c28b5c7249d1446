'use client'
/**
 * "Log activity": one lead event (type, status, next steps) and the lead's next follow-up time.
 * A refusal for want of a contact consent offers to record the consent the customer gives now
 * (POST /api/lead/:id/consent), then the activity is logged again by hand.
 * For a customer who asked not to be contacted, only inbound and neutral types and statuses are
 * offered: the service would refuse the outbound ones.
 * Not a <form>: it sits inside the document's form, and a nested form would submit that one.
 */
import React, { useState } from 'react'

import { isOutbound, leadEventStatuses, leadEventTypes } from '@/fields/leadEventValues'

import { call, errorOf } from '../call'
import { fromLocalInput } from './api'
import { DeskError } from './DeskParts'
import { onEnter } from './onEnter'

export const LogActivity = ({
  api,
  doNotContact,
  lead,
  onLogged,
}: {
  api: string
  doNotContact: boolean
  lead: number
  onLogged: () => void
}) => {
  const offered = (value: string) => !doNotContact || !isOutbound(value)
  const types = leadEventTypes.filter(offered)
  const statuses = leadEventStatuses.filter(offered)
  const [type, setType] = useState<string>(doNotContact ? 'Customer Call' : 'Outbound Phone Call')
  const [status, setStatus] = useState('')
  const [nextSteps, setNextSteps] = useState('')
  const [due, setDue] = useState('')
  const [error, setError] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  const [method, setMethod] = useState('phone')
  const [recorded, setRecorded] = useState<null | string>(null)
  // The consent a "No consent" refusal names (its words are the kinds' labels).
  const missing = error?.startsWith('No consent:')
    ? /e-mail marketing/.test(error)
      ? 'e-mail-marketing'
      : 'calls-and-texts'
    : null

  const fail = (message: string) => {
    setBusy(false)
    setError(message)
  }

  const recordConsent = async () => {
    setBusy(true)
    const answer = await call(`${api}/lead/${lead}/consent`, {
      body: { kind: missing, method },
      method: 'POST',
    })
    if (!answer.ok) return fail(errorOf(answer))
    setBusy(false)
    setError(null)
    setRecorded('Consent recorded. Log the activity again.')
  }

  const log = async () => {
    setBusy(true)
    setError(null)
    setRecorded(null)
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
            {types.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select name="status" onChange={(event) => setStatus(event.target.value)} value={status}>
            <option value="">(unchanged)</option>
            {statuses.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          Next due
          <input
            name="followUpDue"
            onChange={(event) => setDue(event.target.value)}
            onKeyDown={onEnter(() => {
              if (!busy) void log()
            })}
            type="datetime-local"
            value={due}
          />
        </label>
      </div>
      {doNotContact ? (
        <p className="lead-desk__muted">
          Outbound calls, texts and e-mails are not offered: the customer asked not to be contacted.
        </p>
      ) : null}
      <label>
        Next steps
        <textarea
          name="nextSteps"
          onChange={(event) => setNextSteps(event.target.value)}
          rows={2}
          value={nextSteps}
        />
      </label>
      <DeskError error={error} />
      {missing ? (
        <div aria-label="Record consent" className="lead-desk__row" role="group">
          <span>The customer agrees now?</span>
          <select
            aria-label="How they agreed"
            onChange={(event) => setMethod(event.target.value)}
            value={method}
          >
            <option value="phone">By phone</option>
            <option value="in-person">In person</option>
            <option value="web-form">On a web form</option>
          </select>
          <button
            className="btn btn--style-secondary btn--size-small"
            disabled={busy}
            onClick={() => void recordConsent()}
            type="button"
          >
            {missing === 'calls-and-texts'
              ? 'Record calls and texts consent'
              : 'Record e-mail consent'}
          </button>
        </div>
      ) : null}
      {recorded ? <p role="status">{recorded}</p> : null}
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
