/**
 * The head of a credit app's page: where sending it stands, in words and in full (not a greyed
 * select on the fourth tab), what to do next, when, and the notices and sanctions matches it has
 * made, each linked (./head.ts).
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { dashboardDay } from '../dashboardFigures'
import { Moment } from '../values/cells'
import { RecordList } from '../values/RecordList'
import { appRecords, authorizationToRecord, submissionHead, type Tone } from './head'
import { RecordAuthorization } from './RecordAuthorization'

const TONES: Record<Tone, string> = {
  done: 'var(--theme-success-500)',
  held: 'var(--theme-warning-500)',
  problem: 'var(--theme-error-500)',
  waiting: 'var(--theme-elevation-500)',
}

export const CreditAppHead: UIFieldServerComponent = async ({ data, id, payload, req, user }) => {
  if (!id || !user || !data) return null
  const head = submissionHead(data)
  const authorization = head.awaitingAuthorization
    ? await authorizationToRecord(req, { ...data, id })
    : null
  const { timeZone } = await dashboardDay(payload, user)
  const records = await appRecords(
    { adminRoute: payload.config.routes.admin, payload, timeZone, user },
    String(id),
  )
  return (
    <section
      aria-label="Submission"
      data-app-status={head.tone}
      style={{
        borderLeft: `4px solid ${TONES[head.tone]}`,
        marginBottom: '1.5rem',
        paddingLeft: '1rem',
      }}
    >
      <h3 style={{ marginBottom: '0.25rem' }}>{head.status}</h3>
      {head.explanation.map((line) => (
        <p key={line} style={{ margin: '0 0 0.25rem', whiteSpace: 'pre-wrap' }}>
          {line}
        </p>
      ))}
      {head.times.length > 0 && (
        <p style={{ color: 'var(--theme-elevation-500)', margin: '0.25rem 0 0.75rem' }}>
          {head.times.map(({ label, value }, index) => (
            <React.Fragment key={label}>
              {index > 0 && ' · '}
              {label} {label === 'Attempts' ? value : <Moment value={value} />}
            </React.Fragment>
          ))}
        </p>
      )}
      {authorization && authorization.roles.length > 0 && (
        <RecordAuthorization
          app={String(id)}
          disclosure={authorization.disclosure}
          roles={authorization.roles}
        />
      )}
      {records.matches.length > 0 && (
        <RecordList empty="" items={records.matches} title="Sanctions matches" />
      )}
      {records.notices.length > 0 && (
        <RecordList empty="" items={records.notices} title="Adverse-action notices" />
      )}
    </section>
  )
}
