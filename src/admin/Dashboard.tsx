/**
 * The admin dashboard (before Payload's collection cards): first the to-do list
 * (src/admin/todo.ts), then the pipeline's figures and the team's load and first-contact times
 * (src/admin/dashboardFigures.ts), all read as the viewer, "today" in their dealership's time zone.
 */
import type { Payload, TypedUser } from 'payload'
import React from 'react'

import { shownCount } from './counts'
import { type AgentRow, dashboardDay, dashboardFigures, teamFigures } from './dashboardFigures'
import { todoLists } from './todo'
import { Moment } from './values/cells'

const TodoList = async ({ payload, user }: { payload: Payload; user: TypedUser }) => {
  const lists = await todoLists(payload, user)
  return (
    <section aria-label="To do" className="commerce-todo" style={{ marginBottom: '2rem' }}>
      <h2 style={{ marginBottom: '0.75rem' }}>To do</h2>
      <div
        style={{
          display: 'grid',
          gap: '0.75rem',
          gridTemplateColumns: 'repeat(auto-fill, minmax(18rem, 1fr))',
        }}
      >
        {lists.map(({ href, items, title, total }) => (
          <div
            aria-label={title}
            className="card"
            key={title}
            role="region"
            style={{ display: 'block', padding: '0.75rem 1rem' }}
          >
            <h4 style={{ margin: '0 0 0.5rem' }}>
              <a href={href}>{title}</a>{' '}
              <span data-todo-total={title}>({shownCount(total, true)})</span>
            </h4>
            {items.length ? (
              <ol>
                {items.map((item) => (
                  <li key={item.href}>
                    <a href={item.href}>{item.label}</a>
                    <div style={{ color: 'var(--theme-elevation-500)', fontSize: '0.85em' }}>
                      {[
                        item.note,
                        ...item.times.map(({ label, value }) => (
                          <React.Fragment key={label}>
                            {label} <Moment value={value} />
                          </React.Fragment>
                        )),
                      ]
                        .filter(Boolean)
                        .map((part, index) => (
                          <React.Fragment key={index}>
                            {index ? ' · ' : ''}
                            {part}
                          </React.Fragment>
                        ))}
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p style={{ color: 'var(--theme-elevation-500)', margin: 0 }}>Nothing to do.</p>
            )}
          </div>
        ))}
      </div>
    </section>
  )
}

/** "12 min", "3 h 05 min", "2 d 4 h": a first-contact time as a manager says it. */
const duration = (minutes: number) => {
  if (minutes < 60) return `${minutes} min`
  if (minutes < 24 * 60)
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
  return `${Math.floor(minutes / 1440)} d ${Math.floor((minutes % 1440) / 60)} h`
}

const muted = { color: 'var(--theme-elevation-500)', fontSize: '0.85em' }

/** Per agent: open leads (linked to them) and the median first contact, drawn as a bar. */
const Team = ({ agents }: { agents: AgentRow[] }) => {
  const slowest = Math.max(1, ...agents.map(({ medianMinutes }) => medianMinutes ?? 0))
  return (
    <div style={{ marginBottom: '1.25rem' }}>
      <h3 style={{ marginBottom: '0.5rem' }}>Team</h3>
      <p style={muted}>
        Open leads: leads of the last 30 days still being worked. First contact: the median time
        from a lead coming in to its first contact, over this week&apos;s leads.
      </p>
      {agents.length ? (
        <table aria-label="Team" className="commerce-team" style={{ width: '100%' }}>
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>Agent</th>
              <th style={{ textAlign: 'right' }}>Open leads</th>
              <th style={{ paddingLeft: '1rem', textAlign: 'left', width: '50%' }}>
                First contact, this week (median)
              </th>
            </tr>
          </thead>
          <tbody>
            {agents.map(({ contacted, href, medianMinutes, name, open }) => (
              <tr data-agent={name} key={href}>
                <td>{name}</td>
                <td style={{ textAlign: 'right' }}>
                  <a data-agent-open={name} href={href}>
                    {open.toLocaleString('en-US')}
                  </a>
                </td>
                <td style={{ paddingLeft: '1rem' }}>
                  {medianMinutes === null ? (
                    <span style={muted}>no lead contacted yet</span>
                  ) : (
                    <span style={{ alignItems: 'center', display: 'flex', gap: '0.5rem' }}>
                      <span
                        aria-hidden
                        style={{
                          background: 'var(--theme-success-500)',
                          borderRadius: 2,
                          display: 'inline-block',
                          height: '0.7rem',
                          minWidth: 2,
                          width: `${Math.round((60 * medianMinutes) / slowest)}%`,
                        }}
                      />
                      <span data-agent-median={name}>{duration(medianMinutes)}</span>
                      <span style={muted}>
                        ({contacted} {contacted === 1 ? 'lead' : 'leads'})
                      </span>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p style={muted}>No open leads are assigned.</p>
      )}
    </div>
  )
}

export const Dashboard = async ({ payload, user }: { payload: Payload; user?: TypedUser }) => {
  if (!user) return null
  const day = await dashboardDay(payload, user)
  const [sections, agents] = await Promise.all([
    dashboardFigures(payload, user, day.now, day),
    teamFigures(payload, user, day),
  ])
  const today = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'full',
    timeZone: day.timeZone,
  }).format(day.now)
  return (
    <>
      <TodoList payload={payload} user={user} />
      <section
        aria-label="Pipeline"
        className="commerce-dashboard"
        style={{ marginBottom: '2rem' }}
      >
        <p data-dashboard-day={day.timeZone} style={muted}>
          Today is {today} ({day.timeZone.replace(/_/g, ' ')}); the week began on Monday.
        </p>
        {sections.map(({ figures, title }) => (
          <React.Fragment key={title}>
            <div style={{ marginBottom: '1.25rem' }}>
              <h3 style={{ marginBottom: '0.5rem' }}>{title}</h3>
              <ul
                style={{
                  display: 'grid',
                  gap: '0.75rem',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
                  listStyle: 'none',
                  margin: 0,
                  padding: 0,
                }}
              >
                {figures.map(({ capped, href, label, value }) => (
                  <li key={label}>
                    <a
                      className="card"
                      href={href}
                      style={{ display: 'block', padding: '0.75rem 1rem', textDecoration: 'none' }}
                    >
                      <strong data-figure={label} style={{ display: 'block', fontSize: '1.75rem' }}>
                        {shownCount(value, capped)}
                      </strong>
                      <span>{label}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
            {/* The team's load and speed, beside the lead figures they explain. */}
            {title === 'Leads' && agents ? <Team agents={agents} /> : null}
          </React.Fragment>
        ))}
      </section>
    </>
  )
}
