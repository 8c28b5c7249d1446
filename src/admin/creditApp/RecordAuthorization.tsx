'use client'
/**
 * On a credit app held for a missing credit-report authorization: the disclosure to read to the
 * applicant, and one step to record that they agreed (POST /api/consents, a grant tied to this
 * app), after which the app is sent (the hold is asked again when a consent is recorded). Not a
 * <form>: it sits inside the document's form.
 */
import { useConfig } from '@payloadcms/ui'
import React, { useState } from 'react'

import { optionLabel } from '@/fields/labels'

import { call, errorOf } from '../call'

const METHODS = [
  ['phone', 'By phone'],
  ['in-person', 'In person'],
  ['web-form', 'On a web form'],
] as const

export type RecordAuthorizationProps = {
  app: string
  disclosure: { id: number; text: string; version: string } | null
  /** The applicants without a standing authorization: "applicant", "co-applicant". */
  roles: string[]
}

export const RecordAuthorization = ({ app, disclosure, roles }: RecordAuthorizationProps) => {
  const {
    config: {
      routes: { api },
      serverURL,
    },
  } = useConfig()
  const [role, setRole] = useState(roles[0])
  const [method, setMethod] = useState<string>('phone')
  const [message, setMessage] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string[]>([])
  if (!disclosure)
    return (
      <p role="alert">
        No credit-report authorization disclosure exists yet: an administrator adds one (Compliance
        › Disclosures) before an authorization can be recorded.
      </p>
    )
  const record = async () => {
    setBusy(true)
    setMessage(null)
    const answer = await call(`${serverURL}${api}/consents`, {
      body: {
        action: 'grant',
        creditApp: app,
        disclosure: disclosure.id,
        kind: 'credit-report-authorization',
        method,
        role,
      },
      method: 'POST',
    })
    setBusy(false)
    if (!answer.ok) {
      setMessage(errorOf(answer))
      return
    }
    const recorded = [...done, role]
    setDone(recorded)
    const left = roles.filter((other) => !recorded.includes(other))
    if (left.length) setRole(left[0])
    setMessage(
      left.length
        ? `Authorization of the ${role} recorded. The ${left[0]}'s is still needed.`
        : 'Authorization recorded: the app is sent now. Reload the page to see where it stands.',
    )
  }
  const left = roles.filter((other) => !done.includes(other))
  return (
    <section aria-label="Record authorization" style={{ margin: '0.75rem 0' }}>
      <p style={{ marginBottom: '0.25rem' }}>
        Read the disclosure (version {disclosure.version}) to the {role}, then record their
        agreement:
      </p>
      <blockquote
        style={{
          borderLeft: '2px solid var(--theme-elevation-150)',
          margin: '0 0 0.5rem',
          paddingLeft: '0.75rem',
        }}
      >
        {disclosure.text}
      </blockquote>
      {left.length > 0 && (
        <p style={{ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          {left.length > 1 && (
            <select
              aria-label="Whose authorization"
              onChange={(event) => setRole(event.target.value)}
              value={role}
            >
              {left.map((value) => (
                <option key={value} value={value}>
                  {optionLabel(value)}
                </option>
              ))}
            </select>
          )}
          <select
            aria-label="How they agreed"
            onChange={(event) => setMethod(event.target.value)}
            value={method}
          >
            {METHODS.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
          <button
            className="btn btn--style-primary btn--size-small"
            disabled={busy}
            onClick={() => void record()}
            style={{ margin: 0 }}
            type="button"
          >
            Record authorization
          </button>
        </p>
      )}
      {message ? <p role="status">{message}</p> : null}
    </section>
  )
}
