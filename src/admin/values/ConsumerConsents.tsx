/** On a consumer's page: their consents and authorizations, each linked (src/compliance/consents/consumerConsents.ts). */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { consumerConsents } from '@/compliance/consents/consumerConsents'

import { RecordList } from './RecordList'

export const ConsumerConsents: UIFieldServerComponent = async ({ id, payload, user }) => {
  if (!id || !user) return null
  const items = await consumerConsents(
    { adminRoute: payload.config.routes.admin, payload, user },
    String(id),
  )
  if (!items) return null
  return (
    <div className="connected-records">
      <RecordList empty="No consents recorded." items={items} title="Consents" />
    </div>
  )
}
