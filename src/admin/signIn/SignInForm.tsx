'use client'
import { Banner, Button } from '@payloadcms/ui'
import QRCode from 'qrcode'
import React, { useEffect, useState } from 'react'

type Step =
  | { enrolmentToken: string; kind: 'enrol'; secret: string; uri: string }
  | { kind: 'code' }
  | { kind: 'credentials' }
  | { codes: string[]; kind: 'recovery-codes' }

type Refusal = { data?: Record<string, string>; message?: string }

const Field: React.FC<{
  autoComplete: string
  autoFocus?: boolean
  label: string
  name: string
  onChange: (value: string) => void
  type?: string
  value: string
}> = ({ autoComplete, autoFocus, label, name, onChange, type = 'text', value }) => (
  <div className="field-type text" style={{ marginBottom: 'var(--base)' }}>
    <label className="field-label" htmlFor={`field-${name}`}>
      {label}
    </label>
    <div className="field-type__wrap">
      <input
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        id={`field-${name}`}
        name={name}
        onChange={(event) => onChange(event.target.value)}
        required
        type={type}
        value={value}
      />
    </div>
  </div>
)

/** The QR code of an `otpauth://` address, drawn as inline SVG (no image request, no script). */
const QrCode: React.FC<{ uri: string }> = ({ uri }) => {
  const [svg, setSvg] = useState('')
  useEffect(() => {
    void QRCode.toString(uri, { margin: 1, type: 'svg', width: 200 }).then(setSvg)
  }, [uri])
  return (
    <div
      aria-label="QR code of the new key"
      dangerouslySetInnerHTML={{ __html: svg }}
      role="img"
      style={{ background: '#fff', display: 'inline-block', height: 200, width: 200 }}
    />
  )
}

/** Copy and Download (.txt) for the recovery codes, so saving them needs no retyping. */
const RecoveryCodeActions: React.FC<{ codes: string[] }> = ({ codes }) => {
  const [copied, setCopied] = useState<'' | 'done' | 'failed'>('')
  const text = `Commerce recovery codes (each signs in once)\n\n${codes.join('\n')}\n`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('done')
    } catch {
      // No clipboard (an insecure origin, a denied permission): the codes stay on the page.
      setCopied('failed')
    }
  }
  return (
    <p style={{ display: 'flex', flexWrap: 'wrap', gap: 'calc(var(--base) / 2)' }}>
      <Button buttonStyle="secondary" onClick={copy} size="small">
        Copy
      </Button>
      <a
        className="btn btn--style-secondary btn--size-small"
        download="commerce-recovery-codes.txt"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
      >
        Download (.txt)
      </a>
      <span aria-live="polite" role="status">
        {copied === 'done' ? 'Copied.' : copied === 'failed' ? 'Copying is not allowed here.' : ''}
      </span>
    </p>
  )
}

/** The identity providers' buttons (src/auth/oidc): each starts that provider's sign-in. */
const ProviderButtons: React.FC<{ providers: { href: string; label: string }[] }> = ({
  providers,
}) =>
  providers.length ? (
    <p style={{ display: 'grid', gap: 'calc(var(--base) / 2)' }}>
      {providers.map(({ href, label }) => (
        <a className="btn btn--style-primary btn--size-large" href={href} key={href}>
          Sign in with {label}
        </a>
      ))}
    </p>
  ) : null

export const SignInForm: React.FC<{
  forgotPath: string
  loginPath: string
  /** Password sign-in is for the break-glass admin only: the fields are folded away. */
  passwordOff: boolean
  providers: { href: string; label: string }[]
  redirectTo: string
  /** Why an identity provider's sign-in was just refused. */
  refused: string
  /** Set when a provider's sign-in waits for this service's own second factor. */
  secondFactorPath?: string
}> = ({ forgotPath, loginPath, passwordOff, providers, redirectTo, refused, secondFactorPath }) => {
  const [step, setStep] = useState<Step>({ kind: secondFactorPath ? 'code' : 'credentials' })
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [useRecoveryCode, setUseRecoveryCode] = useState(false)
  const [message, setMessage] = useState(refused)
  const [busy, setBusy] = useState(false)
  const [showPassword, setShowPassword] = useState(!passwordOff)
  const [pendingPath, setPendingPath] = useState(secondFactorPath)

  const send = async (secondFactor: Record<string, string>) => {
    try {
      const response = await fetch(pendingPath ?? loginPath, {
        body: JSON.stringify(pendingPath ? secondFactor : { email, password, ...secondFactor }),
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        method: 'POST',
      })
      // The service's own answer to a sign-in (src/auth/mfa, src/auth/oidc).
      const answer: {
        errors?: Refusal[]
        redirectTo?: string
        user?: { recoveryCodes?: string[] }
      } = await response.json().catch(() => ({}))
      if (response.ok) {
        const codes = answer.user?.recoveryCodes
        if (codes?.length) setStep({ codes, kind: 'recovery-codes' })
        else window.location.assign(answer.redirectTo ?? redirectTo)
        return
      }
      const refusal = answer.errors?.[0] ?? {}
      setCode('')
      if (refusal.data?.mfa === 'code' || refusal.data?.mfa === 'enrol-code') {
        // The first refusal only asks for the code; a later one says what was wrong with it.
        if (step.kind !== 'credentials' && Object.keys(secondFactor).length)
          setMessage(refusal.message ?? '')
        // An enrolment another sign-in finished first (409) leaves the code of that app to ask for.
        if (step.kind === 'credentials' || (step.kind === 'enrol' && refusal.data?.mfa === 'code'))
          setStep({ kind: 'code' })
      } else if (refusal.data?.mfa === 'enrol') {
        const { enrolmentToken, secret, uri } = refusal.data
        setStep({ enrolmentToken, kind: 'enrol', secret, uri })
      } else {
        if (refusal.data?.mfa === 'enrol-expired' || refusal.data?.mfa === 'expired') {
          setStep({ kind: 'credentials' })
          setPendingPath(undefined)
        }
        setMessage(refusal.message ?? `Sign-in failed (${response.status}). Try again.`)
      }
    } catch {
      setMessage('The service could not be reached. Check the connection and try again.')
    }
  }

  // After a provider's sign-in, the first answer says which step it is: the code or set-up.
  useEffect(() => {
    if (secondFactorPath) void send({})
  }, [secondFactorPath])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setMessage('')
    const secondFactor: Record<string, string> =
      step.kind === 'code'
        ? useRecoveryCode
          ? { recoveryCode: code }
          : { code }
        : step.kind === 'enrol'
          ? { code, enrolmentToken: step.enrolmentToken }
          : {}
    await send(secondFactor)
    setBusy(false)
  }

  if (step.kind === 'recovery-codes') {
    return (
      <div className="login__form">
        <h2>Save your recovery codes</h2>
        <p>
          Each code signs you in once if you lose your authenticator app. Keep them somewhere safe:
          they are not shown again.
        </p>
        <ul data-recovery-codes style={{ columns: 2, fontFamily: 'monospace', listStyle: 'none' }}>
          {step.codes.map((each) => (
            <li key={each}>{each}</li>
          ))}
        </ul>
        <RecoveryCodeActions codes={step.codes} />
        <Button onClick={() => window.location.assign(redirectTo)} size="large">
          I have saved them — continue
        </Button>
      </div>
    )
  }

  return (
    <form className="login__form" onSubmit={submit}>
      <h2 style={{ marginBottom: 'var(--base)' }}>Sign in to Commerce</h2>
      {message ? (
        <Banner type="error">
          <span role="alert">{message}</span>
        </Banner>
      ) : null}
      {step.kind === 'credentials' ? <ProviderButtons providers={providers} /> : null}
      {step.kind === 'credentials' && !showPassword ? (
        <p>
          <button
            className="btn btn--style-subtle btn--size-small"
            onClick={() => setShowPassword(true)}
            type="button"
          >
            Administrator sign-in with a password
          </button>
        </p>
      ) : null}
      {step.kind === 'credentials' && showPassword ? (
        <>
          <Field
            autoComplete="email"
            autoFocus
            label="Email"
            name="email"
            onChange={setEmail}
            type="email"
            value={email}
          />
          <Field
            autoComplete="current-password"
            label="Password"
            name="password"
            onChange={setPassword}
            type="password"
            value={password}
          />
          <p>
            <a href={forgotPath}>Forgot password?</a>
          </p>
        </>
      ) : null}
      {step.kind === 'enrol' ? (
        <>
          <p>
            Your account signs in with a second factor. Scan this code with an authenticator app (or
            type the key into it), then enter the 6-digit code the app shows.
          </p>
          <QrCode uri={step.uri} />
          <p>
            Key: <code data-mfa-secret>{step.secret}</code>
          </p>
        </>
      ) : null}
      {step.kind !== 'credentials' ? (
        <Field
          autoComplete="one-time-code"
          autoFocus
          label={useRecoveryCode ? 'Recovery code' : 'Code from your authenticator app'}
          name="code"
          onChange={setCode}
          value={code}
        />
      ) : null}
      {step.kind === 'code' ? (
        <p>
          <button
            className="btn btn--style-subtle btn--size-small"
            onClick={() => setUseRecoveryCode(!useRecoveryCode)}
            type="button"
          >
            {useRecoveryCode ? 'Use the authenticator app' : 'Use a recovery code instead'}
          </button>
        </p>
      ) : null}
      {step.kind === 'credentials' && !showPassword ? null : (
        <Button disabled={busy} size="large" type="submit">
          {step.kind === 'credentials'
            ? 'Sign in'
            : step.kind === 'enrol'
              ? 'Set up and sign in'
              : 'Verify'}
        </Button>
      )}
    </form>
  )
}
