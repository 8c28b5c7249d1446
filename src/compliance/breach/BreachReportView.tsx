/**
 * The admin view of the breach-readiness report (/admin/breach-report), for staff admins: the
 * same figures as GET /api/compliance/breach-report, read on the server.
 */
import type { AdminViewServerProps } from 'payload'
import React from 'react'

import { isStaffAdminUser } from '../../../access/isStaffAdmin'
import { breachReport } from './report'

export const BreachReportView = async ({ initPageResult }: AdminViewServerProps) => {
  const { req } = initPageResult
  if (!isStaffAdminUser(req.user))
    return (
      <main className="gutter--left gutter--right" style={{ padding: '2rem 0' }}>
        <p role="alert">Only staff admins may see the breach-readiness report.</p>
      </main>
    )
  const report = await breachReport(req.payload)
  return (
    <main
      aria-label="Breach readiness"
      className="gutter--left gutter--right"
      style={{ padding: '2rem 0' }}
    >
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
      <table>
        <thead>
          <tr>
            <th>Collection</th>
            <th>Consumers</th>
            <th>Unencrypted fields</th>
          </tr>
        </thead>
        <tbody>
          {report.collections.map(({ collection, consumers, fields }) => (
            <tr key={collection}>
              <td>{collection}</td>
              <td data-consumers={collection}>{consumers.toLocaleString('en-US')}</td>
              <td>{fields.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Encrypted at rest (not counted): {report.encryptedFields.join(', ')}.</p>
      <p>What to do in an incident: docs/incident-runbook.md.</p>
    </main>
  )
}
