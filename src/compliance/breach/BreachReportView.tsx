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
      </div>
      <p>Encrypted at rest (not counted): {report.encryptedFields.join(', ')}.</p>
      <p>What to do in an incident: docs/incident-runbook.md.</p>
    </main>
  )
}
