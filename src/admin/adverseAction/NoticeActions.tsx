'use client'
/**
 * On an adverse-action notice's page: the printable letter (opens in a new tab) and the three
 * ways to deliver it, each asked to be confirmed, then recorded with who and when (POST
 * …/deliver; once). A notice that does not name its creditor, or is no longer owed, offers none.
 * Not a <form>: it sits inside the document's form.
 */
import { useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import React, { useState } from 'react'

import { call, errorOf } from '../call'

const METHODS = [
  ['email', 'Send by e-mail'],
  ['mail', 'Record: printed and mailed'],
  ['in_person', 'Record: handed over in person'],
] as const
type Method = (typeof METHODS)[number][0]

/** The question asked before a delivery is sent or recorded: it cannot be undone. */
const question = (method: Method, to: { address: unknown; email: unknown; name: unknown }) => {
  const or = (value: unknown, fallback: string) =>
    typeof value === 'string' && value ? value : fallback
  if (method === 'email')
    return `Send the notice by e-mail to ${or(to.email, 'the applicant (no address on file)')}?`
  if (method === 'mail')
    return `Record that the notice was printed and mailed to ${or(to.address, 'the applicant')}?`
  return `Record that the notice was handed to ${or(to.name, 'the applicant')} in person?`
}

export type NoticeActionsProps = {
  /** What Regulation B requires of the creditor that the notice lacks ("name", "address"). */
  missingCreditor: string[]
  /** Why the notice is no longer owed, once withdrawn. */
  withdrawn?: null | string
}

export const NoticeActions = ({ missingCreditor, withdrawn }: NoticeActionsProps) => {
  const { id } = useDocumentInfo()
  const {
    config: {
      routes: { api: apiRoute },
      serverURL,
    },
  } = useConfig()
  const [status, setStatus] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState<Method | null>(null)
  // A notice is delivered once (a second delivery is a 409): once recorded, no buttons.
  const deliveredAt = useFormFields(([fields]) => fields.deliveredAt?.value)
  const to = {
    address: useFormFields(([fields]) => fields.applicantAddress?.value),
    email: useFormFields(([fields]) => fields.applicantEmail?.value),
    name: useFormFields(([fields]) => fields.applicantName?.value),
  }
  if (!id) return null
  const base = `${serverURL}${apiRoute}/adverse-action-notice/${id}`
  const deliver = async (method: Method) => {
    setAsking(null)
    setBusy(true)
    setStatus(null)
    const answer = await call(`${base}/deliver`, { body: { method }, method: 'POST' })
    setBusy(false)
    setStatus(answer.ok ? 'Delivery recorded. Reload the page to see it below.' : errorOf(answer))
  }
  const button = (text: string, onClick: () => void, primary = false) => (
    <button
      className={`btn ${primary ? 'btn--style-primary' : 'btn--style-secondary'} btn--size-small`}
      disabled={busy}
      key={text}
      onClick={onClick}
      type="button"
    >
      {text}
    </button>
  )
  const choices = () => {
    if (deliveredAt) return <p>Delivered: see below for when, how and by whom.</p>
    if (withdrawn) return <p data-withdrawn>No longer owed: {withdrawn}</p>
    if (missingCreditor.length)
      return (
        <p data-unfit role="alert" style={{ color: 'var(--theme-error-500)' }}>
          Not ready to send: the notice does not name the creditor&apos;s{' '}
          {missingCreditor.join(' and ')}, which Regulation B requires. An administrator must
          configure them before it can be delivered.
        </p>
      )
    if (asking)
      return (
        <span aria-label="Confirm the delivery" role="group">
          <p>{question(asking, to)} Once recorded, it cannot be changed.</p>
          <p style={{ display: 'flex', gap: '0.5rem' }}>
            {button('Confirm', () => void deliver(asking), true)}
            {button('Cancel', () => setAsking(null))}
          </p>
        </span>
      )
    return (
      <p style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        {METHODS.map(([method, text]) => button(text, () => setAsking(method)))}
      </p>
    )
  }
  return (
    <section aria-label="Notice actions" style={{ marginBottom: '1.5rem' }}>
      <p>
        <a href={`${base}/print`} rel="noreferrer" target="_blank">
          Open the printable notice
        </a>
      </p>
      {choices()}
      {status ? <p role="status">{status}</p> : null}
    </section>
  )
}
