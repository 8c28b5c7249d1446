/** On a consumer's page: their leads, credit apps and deals, each linked (src/admin/values/connected.ts). */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { consumerRecords } from './connected'
import { RecordList } from './RecordList'

export const ConsumerRecords: UIFieldServerComponent = async ({ id, payload, user }) => {
  if (!id || !user) return null
  const records = await consumerRecords(
    { adminRoute: payload.config.routes.admin, payload, user },
    String(id),
  )
  return (
    <div className="connected-records">
      <RecordList empty="No leads." items={records.leads} title="Leads" />
      <RecordList empty="No credit apps." items={records.creditApps} title="Credit apps" />
      <RecordList
        empty="No deals on the vehicles of their credit apps."
        items={records.deals}
        title="Deals"
      />
    </div>
  )
}
