/** "Breach readiness" in the admin UI's navigation, for staff admins (the report's only readers). */
import { NavGroup } from '@payloadcms/ui'
import type { Payload, TypedUser } from 'payload'
import React from 'react'

import { isStaffAdminUser } from '../../../access/isStaffAdmin'

export const BreachReportLink = ({ payload, user }: { payload: Payload; user?: TypedUser }) => {
  if (!isStaffAdminUser(user)) return null
  return (
    <NavGroup isOpen label="Compliance reports">
      <a className="nav__link" href={`${payload.config.routes.admin}/breach-report`}>
        <span className="nav__link-label">Breach readiness</span>
      </a>
    </NavGroup>
  )
}
