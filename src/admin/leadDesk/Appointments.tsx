'use client'
/**
 * The lead desk's appointments: each with its time (the viewer's zone), kind and status, and for
 * one still to happen *Confirmed*, *Shown*, *No-show* and *Cancel*; then *Set an appointment*
 * (POST /api/lead-appointment). Not a <form>, for the reason LogActivity gives.
 */
import React, { useState } from 'react'

import {
  APPOINTMENT_KINDS,
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
  isOpen,
} from '@/fields/appointmentValues'
import type { DeskAppointment } from '@/leadDesk/deskView'

import { call, errorOf } from '../call'
import { Moment } from '../values/cells'
import { fromLocalInput } from './api'
import { onEnter } from './onEnter'

const label = (labels: Record<string, string>, value: string) => labels[value] ?? value

/** The marks offered on an appointment still to happen. */
const MARKS: [AppointmentStatus, string][] = [
  ['confirmed', 'Confirmed'],
  ['shown', 'Shown'],
  ['no-show', 'No-show'],
  ['cancelled', 'Cancel'],
]

export const Appointments = ({
  api,
  appointments,
  canEdit,
  lead,
  onChanged,
}: {
  api: string
  appointments: DeskAppointment[]
  canEdit: boolean
  lead: number
  onChanged: () => Promise<void> | void
}) => {
  const [startsAt, setStartsAt] = useState('')
  const [kind, setKind] = useState('showroom-visit')
  const [note, setNote] = useState('')
  const [error, setError] = useState<null | string>(null)
  const [busy, setBusy] = useState(false)

  const send = async (path: string, method: string, body: object) => {
    setBusy(true)
    setError(null)
    const answer = await call(`${api}/${path}`, { body, method })
    setBusy(false)
    if (!answer.ok) {
      setError(errorOf(answer))
      return false
    }
    await onChanged()
    return true
  }

  const set = async () => {
    const done = await send('lead-appointment', 'POST', {
      kind,
      lead,
      note: note.trim() || undefined,
      startsAt: fromLocalInput(startsAt),
    })
    if (!done) return
    setStartsAt('')
    setNote('')
  }

  return (
    <div aria-label="Appointments" className="lead-desk__log" role="group">
      <h4>Appointments</h4>
      {appointments.length ? (
        <ul className="lead-desk__appointments">
          {appointments.map((item) => (
            <li data-appointment={item.status} key={item.id}>
              <Moment value={item.startsAt} /> · {label(APPOINTMENT_KINDS, item.kind)} ·{' '}
              <strong>{label(APPOINTMENT_STATUSES, item.status)}</strong>
              {item.note ? <span className="lead-desk__muted"> · {item.note}</span> : null}
              {item.by ? <span className="lead-desk__muted"> · set by {item.by.name}</span> : null}
              {canEdit && isOpen(item.status) ? (
                <span className="lead-desk__actions">
                  {MARKS.filter(([status]) => status !== item.status).map(([status, text]) => (
                    <button
                      className="btn btn--style-secondary btn--size-small"
                      disabled={busy}
                      key={status}
                      onClick={() => void send(`lead-appointment/${item.id}`, 'PATCH', { status })}
                      type="button"
                    >
                      {text}
                    </button>
                  ))}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="lead-desk__muted">No appointment yet.</p>
      )}
      {canEdit ? (
        <div className="lead-desk__row">
          <label>
            When
            <input
              name="appointmentStartsAt"
              onChange={(event) => setStartsAt(event.target.value)}
              onKeyDown={onEnter(() => {
                if (!busy && startsAt) void set()
              })}
              type="datetime-local"
              value={startsAt}
            />
          </label>
          <label>
            Kind
            <select
              name="appointmentKind"
              onChange={(event) => setKind(event.target.value)}
              value={kind}
            >
              {Object.entries(APPOINTMENT_KINDS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          <label>
            Note
            <input
              name="appointmentNote"
              onChange={(event) => setNote(event.target.value)}
              onKeyDown={onEnter(() => {
                if (!busy && startsAt) void set()
              })}
              value={note}
            />
          </label>
          <button
            className="btn btn--style-secondary btn--size-small"
            disabled={busy || !startsAt}
            onClick={() => void set()}
            type="button"
          >
            Set appointment
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="lead-desk__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
