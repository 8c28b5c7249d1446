'use client'
/**
 * The lead page's desk (a `ui` field of leads): current status, assignee (take or hand over),
 * due times, do-not-contact and escalation, "Log activity", the timeline of lead events and VDP
 * e-mails, and the consumer's other leads. Drawn with the view the page read on the server
 * (./LeadDesk.tsx), else reads GET /api/lead/:id/desk as the viewer.
 */
import './leadDesk.css'

import { useConfig, useDocumentInfo } from '@payloadcms/ui'
import React, { useCallback, useEffect, useState } from 'react'

import type { DeskView, Person } from '@/leadDesk/deskView'

import { call, errorOf } from '../call'
import { Moment } from '../values/cells'
import { AddNote } from './AddNote'
import { Appointments } from './Appointments'
import { Duplicates, type Listed } from './Duplicates'
import { LogActivity } from './LogActivity'
import { Tasks } from './Tasks'
import { WithdrawDoNotContact } from './WithdrawDoNotContact'

const nameOf = (person: null | Person) => person?.name ?? 'Unassigned'

/** A time in the viewer's zone once in the browser (the server draws it in UTC); a dash if none. */
const When = ({ at }: { at: null | string | undefined }) => (at ? <Moment value={at} /> : <>—</>)

const Assignment = ({ api, view }: { api: string; view: DeskView }) => {
  const [error, setError] = useState<null | string>(null)
  const [handTo, setHandTo] = useState('')
  const { assignee } = view.lead
  const assign = async (to?: number) => {
    const answer = await call(`${api}/lead/${view.lead.id}/assign`, {
      body: to ? { assignee: to } : {},
      method: 'POST',
    })
    // The form below holds the lead's fields: reload so that it shows the new assignee.
    if (answer.ok) window.location.reload()
    else setError(errorOf(answer))
  }
  const others = view.rota.filter((person) => person.id !== assignee?.id)
  return (
    <div>
      <dt>Assignee</dt>
      <dd data-desk="assignee">{nameOf(assignee)}</dd>
      {view.canEdit ? (
        <dd className="lead-desk__actions">
          {view.me && assignee?.id !== view.me ? (
            <button
              className="btn btn--style-secondary btn--size-small"
              onClick={() => assign()}
              type="button"
            >
              Take this lead
            </button>
          ) : null}
          {others.length ? (
            <>
              <select
                aria-label="Hand over to"
                onChange={(event) => setHandTo(event.target.value)}
                value={handTo}
              >
                <option value="">Hand over to…</option>
                {others.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </select>
              <button
                className="btn btn--style-secondary btn--size-small"
                disabled={!handTo}
                onClick={() => assign(Number(handTo))}
                type="button"
              >
                Hand over
              </button>
            </>
          ) : null}
          {error ? <span role="alert">{error}</span> : null}
        </dd>
      ) : null}
    </div>
  )
}

export const LeadDeskPanel = ({
  duplicates,
  initial,
}: {
  duplicates?: Listed
  initial?: DeskView
}) => {
  const { id, isTrashed } = useDocumentInfo()
  const {
    config: {
      routes: { api: apiRoute },
      serverURL,
    },
  } = useConfig()
  const api = `${serverURL}${apiRoute}`
  const [view, setView] = useState<DeskView | null>(initial ?? null)
  const [error, setError] = useState<null | string>(null)
  // Drawn on the server, the panel's buttons work only once hydrated: `data-ready` says so.
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])

  const load = useCallback(async () => {
    // A trashed lead has no desk to read (the API does not find it); the page says why.
    if (!id || isTrashed) return
    const answer = await call<DeskView>(`${api}/lead/${id}/desk`)
    if (answer.ok) setView(answer.body)
    else setError(errorOf(answer))
  }, [api, id, isTrashed])

  useEffect(() => {
    if (!initial) void load()
  }, [initial, load])

  if (!id) return null
  if (isTrashed)
    return (
      <p className="lead-desk" data-desk="trashed" role="status">
        This lead is in the trash. Its desk (status, assignee, follow-ups and timeline) is back once
        it is restored.
      </p>
    )
  if (error) return <p role="alert">{error}</p>
  if (!view) return <section aria-busy="true" aria-label="Lead desk" className="lead-desk" />
  const { current, lead } = view
  return (
    <section aria-label="Lead desk" className="lead-desk" data-ready={ready}>
      {lead.mergedInto ? (
        <p className="lead-desk__banner lead-desk__banner--late" role="status">
          <strong>Merged</strong> <When at={lead.mergedAt} /> into{' '}
          <a href={`/admin/collections/lead/${lead.mergedInto}`}>lead {lead.mergedInto}</a> as a
          duplicate: its events and e-mails are there now.
        </p>
      ) : null}
      {lead.doNotContact?.at ? (
        <p className="lead-desk__banner lead-desk__banner--stop" role="status">
          <strong>Do not contact.</strong> The customer asked not to be contacted: recorded{' '}
          <When at={lead.doNotContact.at} />
          {lead.doNotContact.by ? ` by ${lead.doNotContact.by}` : ''}. Outbound calls, texts and
          e-mails are refused.{' '}
          {view.withdrawable ? (
            <WithdrawDoNotContact api={api} request={view.withdrawable} />
          ) : null}
        </p>
      ) : null}
      {lead.escalatedAt && !lead.firstContactedAt ? (
        <p className="lead-desk__banner lead-desk__banner--late" role="status">
          <strong>Escalated</strong> <When at={lead.escalatedAt} />: not contacted in time.
        </p>
      ) : null}
      <dl className="lead-desk__facts">
        <div>
          <dt>Current status</dt>
          <dd data-desk="status">
            {current?.kind === 'event' ? (current.status ?? '—') : 'None yet'}
          </dd>
          {current?.kind === 'event' ? (
            <dd className="lead-desk__muted">
              {current.type} · <When at={current.at} />
            </dd>
          ) : null}
        </div>
        <div>
          <dt>Next steps</dt>
          <dd data-desk="nextSteps">{(current?.kind === 'event' && current.nextSteps) || '—'}</dd>
        </div>
        <Assignment api={api} view={view} />
        <div>
          <dt>Follow-up due</dt>
          <dd data-desk="due">
            <When at={lead.followUpDue} />
          </dd>
          <dd className="lead-desk__muted">
            {lead.firstContactedAt ? 'First contacted ' : 'First contact due '}
            <When at={lead.firstContactedAt ?? view.contactDue} />
          </dd>
        </div>
      </dl>
      {view.canEdit ? (
        <LogActivity
          api={api}
          doNotContact={Boolean(lead.doNotContact?.at)}
          lead={lead.id}
          onLogged={() => window.location.reload()}
        />
      ) : null}
      <Appointments
        api={api}
        appointments={view.appointments}
        canEdit={view.canEdit}
        lead={lead.id}
        onChanged={load}
      />
      <Tasks api={api} canEdit={view.canEdit} lead={lead.id} onChanged={load} tasks={view.tasks} />
      {view.canEdit ? <AddNote api={api} lead={lead.id} onAdded={load} /> : null}
      <h4>Timeline</h4>
      {view.timeline.length ? (
        <ol aria-label="Timeline" className="lead-desk__timeline">
          {view.timeline.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <When at={item.at} />{' '}
              {item.kind === 'event' ? (
                <>
                  <a href={`/admin/collections/leadEvents/${item.id}`}>
                    {item.type ?? 'Lead event'}
                  </a>
                  {item.status ? ` → ${item.status}` : ''}
                  {item.current ? <span className="lead-desk__badge">current</span> : null}
                </>
              ) : item.kind === 'note' ? (
                <a href={`/admin/collections/lead-note/${item.id}`}>Note</a>
              ) : (
                <a href={`/admin/collections/vdpEmails/${item.id}`}>
                  VDP e-mail{item.vinCount ? ` (${item.vinCount} vehicles)` : ''}
                </a>
              )}
              {item.by ? <span className="lead-desk__muted"> · {item.by.name}</span> : null}
              {item.kind === 'event' && item.nextSteps ? (
                <div className="lead-desk__muted">{item.nextSteps}</div>
              ) : null}
              {item.kind === 'note' ? (
                <div className="lead-desk__note" data-desk="note">
                  {item.body}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="lead-desk__muted">Nothing has happened on this lead yet.</p>
      )}
      {lead.mergedInto ? null : <Duplicates api={api} initial={duplicates} lead={lead.id} />}
      <h4>The consumer&apos;s other leads</h4>
      {view.otherLeads.length ? (
        <ul aria-label="Other leads" className="lead-desk__others">
          {view.otherLeads.map((other) => (
            <li key={other.id}>
              <a href={`/admin/collections/lead/${other.id}`}>
                {other.title || `Lead ${other.id}`}
              </a>{' '}
              <span className="lead-desk__muted">
                {other.currentStatus ?? 'no status'} · {nameOf(other.assignee)} ·{' '}
                <When at={other.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="lead-desk__muted">
          {view.consumer ? 'No other leads of this consumer.' : 'No consumer record is linked.'}
        </p>
      )}
    </section>
  )
}
