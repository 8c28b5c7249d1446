/**
 * The admin view of the breach-readiness report (/admin/breach-report), for staff admins: the
 * same figures as GET /api/compliance/breach-report, read on the server.
 */
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import React from 'react'

import { isStaffAdminUser } from '../../../access/isStaffAdmin'
import { breachReport } from './report'
import { labelledReport } from './reportLabels'

/** The view inside the admin UI's own frame: its navigation, header and styles. */
export const BreachReportView = async ({
  initPageResult,
  params,
  searchParams,
}: AdminViewServerProps) => {
  const { locale, permissions, req, visibleEntities } = initPageResult
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={req.payload}
      permissions={permissions}
      req={req}
      searchParams={searchParams}
      user={req.user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <Gutter>
        {isStaffAdminUser(req.user) ? (
          <Report req={req} />
        ) : (
          <main style={{ padding: '2rem 0' }}>
            <p role="alert">Only staff admins may see the breach-readiness report.</p>
          </main>
        )}
      </Gutter>
    </DefaultTemplate>
  )
}

const Report = async ({ req }: { req: AdminViewServerProps['initPageResult']['req'] }) => {
  const report = await breachReport(req.payload)
  const { encrypted, rows } = labelledReport(req.payload.config, report)
  return (
    <main aria-label="Breach readiness" style={{ padding: '2rem 0' }}>
      <h1>Breach readiness</h1>
      <p>
        Distinct consumers whose names, phone numbers, e-mail or postal addresses are stored
        unencrypted:{' '}
        <strong data-distinct-consumers>{report.distinctConsumers.toLocaleString('en-US')}</strong>.
      </p>
      <p data-ftc-notice={report.ftcNoticeRequired ? 'required' : 'not-required'} role="status">
        {report.ftcNoticeRequired
          ? `At or above ${report.noticeThreshold}: a breach of this data must be reported to the FTC within 30 days of discovery (16 CFR 314.4(j)).`
          : `Below ${report.noticeThreshold}: under the FTC notice threshold (16 CFR 314.4(j)); state laws may still require notice.`}
      </p>
      {/* Payload's list-table styles */}
      <div className="table">
        <table>
          <thead>
            <tr>
              <th>Records</th>
              <th>Consumers</th>
              <th>Unencrypted fields</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ collection, consumers, fields, name }) => (
              <tr key={collection}>
                <td>{name}</td>
                <td data-consumers={collection}>{consumers.toLocaleString('en-US')}</td>
                <td>{fields.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>Encrypted at rest (not counted): {encrypted.join('; ')}.</p>
      <h2>If customer data may have been exposed</h2>
      {/* The runbook's first steps, in the words of those who take them. */}
      <ol data-incident-steps>
        <li>
          Name an incident lead and write down when it was discovered: the 30 days for a notice
          count from then.
        </li>
        <li>
          Tell the service&apos;s administrators at once: they disable the API keys and users
          involved, keep the logs and the audit log, and follow the incident runbook.
        </li>
        <li>Write down each action, with its time and who took it.</li>
      </ol>
    </main>
  )
}
