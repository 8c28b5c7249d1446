/**
 * On a consumer's page: their leads, credit apps and deals, and what compliance holds on them
 * (do-not-contact requests, legal holds, data requests, adverse-action notices, sanctions
 * matches), each linked (src/admin/values/connected.ts). A kind the viewer may not read is left
 * out.
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { dashboardDay } from '../dashboardFigures'
import { consumerRecords } from './connected'
import { RecordList } from './RecordList'

export const ConsumerRecords: UIFieldServerComponent = async ({ id, payload, user }) => {
  if (!id || !user) return null
  const { timeZone } = await dashboardDay(payload, user)
  const records = await consumerRecords(
    { adminRoute: payload.config.routes.admin, payload, timeZone, user },
    String(id),
  )
  const compliance = [
    ['Do-not-contact requests', 'No do-not-contact request.', records.compliance.doNotContact],
    ['Legal holds', 'No legal hold.', records.compliance.holds],
    ['Data requests', 'No data request.', records.compliance.requests],
    ['Adverse-action notices', 'No adverse-action notice.', records.compliance.notices],
    ['Sanctions matches', 'No sanctions match.', records.compliance.matches],
  ] as const
  return (
    <div className="connected-records">
      <RecordList empty="No leads." items={records.leads} title="Leads" />
      <RecordList empty="No credit apps." items={records.creditApps} title="Credit apps" />
      <RecordList
        empty="No deals on the vehicles of their credit apps."
        items={records.deals}
        title="Deals"
      />
      {compliance.map(([title, empty, items]) =>
        items ? <RecordList empty={empty} items={items} key={title} title={title} /> : null,
      )}
    </div>
  )
}
