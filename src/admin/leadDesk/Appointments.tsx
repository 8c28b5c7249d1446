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

import { Moment } from '../values/cells'
import { fromLocalInput } from './api'
import { DeskError, EnterInput, Marks } from './DeskParts'
import { useDeskSend } from './useDeskSend'

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
  const { busy, error, send } = useDeskSend(api, onChanged)

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

  const submit = () => {
    if (!busy && startsAt) void set()
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
                <Marks
                  busy={busy}
                  marks={MARKS.filter(([status]) => status !== item.status)}
                  onMark={(status) => void send(`lead-appointment/${item.id}`, 'PATCH', { status })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="lead-desk__muted">No appointment yet.</p>
      )}
      {canEdit ? (
        <div className="lead-desk__row">
          <EnterInput
            label="When"
            name="appointmentStartsAt"
            onChange={setStartsAt}
            onSubmit={submit}
            type="datetime-local"
            value={startsAt}
          />
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
          <EnterInput
            label="Note"
            name="appointmentNote"
            onChange={setNote}
            onSubmit={submit}
            value={note}
          />
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
      <DeskError error={error} />
    </div>
  )
}
