'use client'
/**
 * On an adverse-action notice's page: the printable letter (opens in a new tab) and the three
 * ways to deliver it, each recorded with who and when (POST …/deliver; once). Not a <form>: it sits
 * inside the document's form.
 */
import { useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import React, { useState } from 'react'

import { errorMessageOf } from '@/lib/answerBody'

const METHODS = [
  ['email', 'Send by e-mail'],
  ['mail', 'Record: printed and mailed'],
  ['in_person', 'Record: handed over in person'],
] as const

export const NoticeActions = () => {
  const { id } = useDocumentInfo()
  const {
    config: {
      routes: { api: apiRoute },
      serverURL,
    },
  } = useConfig()
  const [status, setStatus] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  // A notice is delivered once (a second delivery is a 409): once recorded, no buttons.
  const deliveredAt = useFormFields(([fields]) => fields.deliveredAt?.value)
  if (!id) return null
  const base = `${serverURL}${apiRoute}/adverse-action-notice/${id}`
  const deliver = async (method: string) => {
    setBusy(true)
    setStatus(null)
    const response = await fetch(`${base}/deliver`, {
      body: JSON.stringify({ method }),
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    }).catch(() => null)
    const body: unknown = await response?.json().catch(() => ({}))
    setBusy(false)
    if (response?.ok) {
      setStatus('Delivery recorded. Reload the page to see it below.')
      return
    }
    setStatus(errorMessageOf(body) ?? 'The delivery could not be recorded.')
  }
  return (
    <section aria-label="Notice actions" style={{ marginBottom: '1.5rem' }}>
      <p>
        <a href={`${base}/print`} rel="noreferrer" target="_blank">
          Open the printable notice
        </a>
      </p>
      {deliveredAt ? (
        <p>Delivered: see below for when, how and by whom.</p>
      ) : (
        <p style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          {METHODS.map(([method, text]) => (
            <button
              className="btn btn--style-secondary btn--size-small"
              disabled={busy}
              key={method}
              onClick={() => void deliver(method)}
              type="button"
            >
              {text}
            </button>
          ))}
        </p>
      )}
      {status ? <p role="status">{status}</p> : null}
    </section>
  )
}
