/**
 * The notice's actions (./NoticeActions.tsx) with what only the server knows: whether the
 * creditor it would go out under, its own or the one configured now, is complete. Offered to
 * whoever may deliver it (its endpoint's entry in the policy): a dealer reads notices only.
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { missingCreditor, withCreditor } from '@/compliance/adverseAction/notices'
import { isRecord } from '@/lib/isRecord'

import { mayCall } from '../../../access/policy'
import { NoticeActions } from './NoticeActions'

export const NoticeActionsField: UIFieldServerComponent = ({ data, req }) => {
  if (!mayCall(req.user, 'adverse-action-notice POST /:id/deliver')) return null
  const notice = isRecord(data) ? data : {}
  const withdrawn = typeof notice.withdrawnReason === 'string' ? notice.withdrawnReason : null
  return (
    <NoticeActions
      missingCreditor={missingCreditor(withCreditor(notice))}
      withdrawn={notice.withdrawnAt ? (withdrawn ?? 'withdrawn') : null}
    />
  )
}
