'use client'
/**
 * The signing secret of a webhook endpoint, which is never read back: the one a create made is
 * shown once, on the page the admin UI opens after saving; "Rotate secret" makes a new one and
 * shows it here once (the old one keeps signing for the grace period). "Send test" sends a
 * signed test event and says what the receiver answered.
 */
import { Button, FieldLabel, useDocumentInfo } from '@payloadcms/ui'
import React, { useEffect, useState } from 'react'

/**
 * Secrets of endpoints just created, by id: the create's answer (`doc.secret`) is kept in this
 * page's memory until the endpoint's own page takes it, so a reload or a later visit never sees
 * it. The admin UI moves to that page without reloading, so the memory survives the move.
 */
const justCreated = new Map<number | string, string>()

type Test = {
  delivered: boolean
  error: null | string
  latencyMs: number
  statusCode: null | number
}

const testReport = ({ delivered, error, latencyMs, statusCode }: Test) =>
  statusCode !== null
    ? `${delivered ? 'Delivered' : 'Not delivered'}: the receiver answered HTTP ${statusCode} in ${latencyMs} ms.`
    : `Not delivered: ${error ?? 'no answer'}.`

const SendTest: React.FC<{ id: number | string }> = ({ id }) => {
  const [report, setReport] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const send = async () => {
    setBusy(true)
    setReport(null)
    try {
      const response = await fetch(`/api/webhook-endpoints/${id}/send-test`, {
        credentials: 'include',
        method: 'POST',
      })
      if (!response.ok)
        return setReport({ ok: false, text: `Could not send (HTTP ${response.status}).` })
      const test: Test = await response.json()
      setReport({ ok: test.delivered, text: testReport(test) })
    } catch {
      setReport({ ok: false, text: 'The service could not be reached.' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div>
      <Button buttonStyle="secondary" disabled={busy} onClick={send}>
        {busy ? 'Sending…' : 'Send test'}
      </Button>
      {report && (
        <p data-testid="webhook-test-result" role={report.ok ? 'status' : 'alert'}>
          {report.text}
        </p>
      )}
    </div>
  )
}

export const RotateSecret: React.FC = () => {
  const { data, id } = useDocumentInfo()
  const [shown, setShown] = useState<{ expires?: string; secret?: string; error?: string }>({})
  // On the create form: the save's answer carries the secret; keep it for the next page.
  const created = typeof data?.secret === 'string' && data.id !== undefined
  useEffect(() => {
    if (created && id === undefined) justCreated.set(data.id, data.secret)
  }, [created, data, id])
  // On the endpoint's page: take it, so it is shown this once.
  const [firstSecret] = useState(() => {
    const secret = id === undefined ? undefined : justCreated.get(id)
    if (id !== undefined) justCreated.delete(id)
    return secret
  })
  if (id === undefined)
    return (
      <p>
        A signing secret is generated when the endpoint is saved, and shown once on the next page.
      </p>
    )
  const rotate = async () => {
    const response = await fetch(`/api/webhook-endpoints/${id}/rotate-secret`, {
      credentials: 'include',
      method: 'POST',
    })
    if (!response.ok) return setShown({ error: `Could not rotate (HTTP ${response.status}).` })
    const { previousSecretExpiresAt, secret } = await response.json()
    setShown({ expires: previousSecretExpiresAt, secret })
  }
  return (
    <div className="field-type webhook-secret" style={{ marginBottom: '1.5rem' }}>
      <FieldLabel label="Signing secret" />
      {firstSecret && !shown.secret ? (
        <>
          <code data-testid="webhook-secret">{firstSecret}</code>
          <p>Copy it now: it is not shown again. Rotate it to get a new one.</p>
        </>
      ) : null}
      {shown.secret ? (
        <>
          <code data-testid="webhook-secret">{shown.secret}</code>
          <p>
            Copy it now: it is not shown again. The previous secret keeps signing until{' '}
            {shown.expires}.
          </p>
        </>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
          <Button buttonStyle="secondary" onClick={rotate}>
            Rotate secret
          </Button>
          <SendTest id={id} />
        </div>
      )}
      {shown.error && <p role="alert">{shown.error}</p>}
    </div>
  )
}
