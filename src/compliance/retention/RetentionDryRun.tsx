'use client'
/**
 * Above the legal holds list, for staff admins: "Retention dry run" asks the service which
 * consumers the daily retention job would dispose of now (GET /api/retention/dry-run; nothing is
 * changed) and which a legal hold keeps.
 */
import { useAuth, useConfig } from '@payloadcms/ui'
import React, { useEffect, useState } from 'react'

type Candidate = { consumer: string; lastActivity: string }
type Report = { cutoff: string; due: Candidate[]; held: Candidate[]; months: number }

const list = (title: string, rows: Candidate[], adminRoute: string) => (
  <div className="retention-dry-run__list">
    <strong>
      {title}: {rows.length}
    </strong>
    {rows.length > 0 && (
      <ul>
        {rows.slice(0, 50).map((row) => (
          <li key={row.consumer}>
            <a href={`${adminRoute}/collections/consumer/${row.consumer}`}>{row.consumer}</a> — last
            activity {new Date(row.lastActivity).toLocaleDateString()}
          </li>
        ))}
      </ul>
    )}
  </div>
)

export const RetentionDryRun: React.FC = () => {
  const { user } = useAuth<{ role?: string }>()
  const { config } = useConfig()
  const [report, setReport] = useState<null | Report>(null)
  const [error, setError] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)
  // Drawn on the server, the button works only once hydrated: until then it is disabled.
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  if (user?.role !== 'admin') return null

  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      const response = await fetch(`${config.serverURL}${config.routes.api}/retention/dry-run`, {
        credentials: 'include',
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      setReport((await response.json()) as Report)
    } catch (failure) {
      setError(`The dry run failed (${failure instanceof Error ? failure.message : 'error'})`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="retention-dry-run" style={{ marginBottom: 'var(--base)' }}>
      <button
        className="btn btn--style-secondary btn--size-small"
        disabled={busy || !ready}
        onClick={() => void run()}
        type="button"
      >
        Retention dry run
      </button>
      {error && <p className="retention-dry-run__error">{error}</p>}
      {report && (
        <div className="retention-dry-run__report">
          <p>
            Inactive for {report.months} months (no activity since{' '}
            {new Date(report.cutoff).toLocaleDateString()}). Nothing was changed.
          </p>
          {list('Would be disposed of', report.due, config.routes.admin)}
          {list('Kept by a legal hold', report.held, config.routes.admin)}
        </div>
      )}
    </div>
  )
}
