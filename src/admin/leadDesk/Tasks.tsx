'use client'
/**
 * The lead desk's tasks: the open ones by due time (overdue marked), each with *Done* and
 * *Cancel* (one click, PATCH /api/lead-task/:id), then those closed; and *Add a task* (what and
 * by when, POST /api/lead-task). Not a <form>, for the reason LogActivity gives.
 */
import React, { useState } from 'react'

import { TASK_STATUSES, TASK_WHAT_MAX, type TaskStatus } from '@/fields/taskValues'
import type { DeskTask } from '@/leadDesk/deskView'

import { Moment } from '../values/cells'
import { fromLocalInput } from './api'
import { DeskError, EnterInput, Marks } from './DeskParts'
import { useDeskSend } from './useDeskSend'

const CLOSES: [TaskStatus, string][] = [
  ['done', 'Done'],
  ['cancelled', 'Cancel'],
]

export const Tasks = ({
  api,
  canEdit,
  lead,
  onChanged,
  tasks,
}: {
  api: string
  canEdit: boolean
  lead: number
  onChanged: () => Promise<void> | void
  tasks: DeskTask[]
}) => {
  const [what, setWhat] = useState('')
  const [dueAt, setDueAt] = useState('')
  const { busy, error, send } = useDeskSend(api, onChanged)
  const ready = !busy && what.trim() !== '' && dueAt !== ''

  const add = async () => {
    const done = await send('lead-task', 'POST', { dueAt: fromLocalInput(dueAt), lead, what })
    if (!done) return
    setWhat('')
    setDueAt('')
  }
  const submit = () => {
    if (ready) void add()
  }
  const now = new Date().toISOString()

  return (
    <div aria-label="Tasks" className="lead-desk__log" role="group">
      <h4>Tasks</h4>
      {tasks.length ? (
        <ul className="lead-desk__appointments">
          {tasks.map((task) => (
            <li data-task={task.status} key={task.id}>
              {task.status === 'open' ? (
                <strong>{task.what}</strong>
              ) : (
                <s className="lead-desk__muted">{task.what}</s>
              )}{' '}
              · due <Moment value={task.dueAt} />
              {task.status === 'open' && task.dueAt < now ? (
                <span className="lead-desk__badge">overdue</span>
              ) : null}
              {task.status === 'open' ? null : (
                <span className="lead-desk__muted">
                  {' '}
                  · {TASK_STATUSES[task.status as TaskStatus] ?? task.status}
                  {task.closedBy ? ` by ${task.closedBy.name}` : ''}
                </span>
              )}
              {task.by ? <span className="lead-desk__muted"> · set by {task.by.name}</span> : null}
              {canEdit && task.status === 'open' ? (
                <Marks
                  busy={busy}
                  marks={CLOSES}
                  onMark={(status) => void send(`lead-task/${task.id}`, 'PATCH', { status })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="lead-desk__muted">No task yet.</p>
      )}
      {canEdit ? (
        <div className="lead-desk__row">
          <EnterInput
            label="What to do"
            maxLength={TASK_WHAT_MAX}
            name="taskWhat"
            onChange={setWhat}
            onSubmit={submit}
            value={what}
          />
          <EnterInput
            label="Due"
            name="taskDueAt"
            onChange={setDueAt}
            onSubmit={submit}
            type="datetime-local"
            value={dueAt}
          />
          <button
            className="btn btn--style-secondary btn--size-small"
            disabled={!ready}
            onClick={() => void add()}
            type="button"
          >
            Add task
          </button>
        </div>
      ) : null}
      <DeskError error={error} />
    </div>
  )
}
