import type { FieldAccess, PayloadRequest } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { safeToCompile } from '@/lib/safeToCompile'

import { companyOf, isDealer } from './dealer'
import { isStaff } from './isStaff'

const dealerRequest = (req: PayloadRequest) => isDealer(req.user)

/**
 * House staff read every location's desk; a dealer only its own company's (a facilitator's
 * location, which it reads too, keeps its manager and rota to itself). Decided per location, so
 * a dealer's filter or sort on the desk, which names no location, is refused; API clients never
 * read it. Compiled reads run it for callers other than dealers only (src/lib/safeToCompile.ts).
 */
export const deskReaders: FieldAccess = safeToCompile(
  ({ doc, req }) => {
    if (!isDealer(req.user)) return isStaff({ req })
    const company = isRecord(doc?.companyId) ? doc.companyId.id : doc?.companyId
    return Boolean(company) && company === companyOf(req.user)
  },
  { unless: dealerRequest },
)

/**
 * A company's own working settings (its time zone): house staff read every company's, a dealer
 * its own company's only, API clients none, so the contract's company answers keep their shape.
 */
export const companySettingReaders: FieldAccess = safeToCompile(
  ({ doc, req }) => {
    if (!isDealer(req.user)) return isStaff({ req })
    return Boolean(doc?.id) && doc?.id === companyOf(req.user)
  },
  { unless: dealerRequest },
)
