/**
 * The admin dashboard (before Payload's collection cards): first the to-do list
 * (src/leadDesk/todo.ts), then the pipeline's figures (src/admin/dashboardFigures.ts), both read
 * through the Local API as the viewer.
 */
import type { Payload, TypedUser } from 'payload'
import React from 'react'

import { todoLists } from '@/leadDesk/todo'

import { dashboardFigures } from './dashboardFigures'
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
              <a href={href}>{title}</a> <span data-todo-total={title}>({total})</span>
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

export const Dashboard = async ({ payload, user }: { payload: Payload; user?: TypedUser }) => {
  if (!user) return null
  const sections = await dashboardFigures(payload, user)
  return (
    <>
      <TodoList payload={payload} user={user} />
      <section
        aria-label="Pipeline"
        className="commerce-dashboard"
        style={{ marginBottom: '2rem' }}
      >
        {sections.map(({ figures, title }) => (
          <div key={title} style={{ marginBottom: '1.25rem' }}>
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
              {figures.map(({ href, label, value }) => (
                <li key={label}>
                  <a
                    className="card"
                    href={href}
                    style={{ display: 'block', padding: '0.75rem 1rem', textDecoration: 'none' }}
                  >
                    <strong data-figure={label} style={{ display: 'block', fontSize: '1.75rem' }}>
                      {value.toLocaleString('en-US')}
                    </strong>
                    <span>{label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </>
  )
}
