import type { PayloadRequest } from 'payload'

import { isStaffAdminUser } from '../../access/isStaffAdmin'

/**
 * The full SSN is shown only to a staff admin who asks for it: `?reveal=ssn` on a REST read
 * (the admin UI's "Reveal SSN" button does this), and to the provider job, which sends it on
 * (a context flag no request can set). Every such read is audited.
 */
export const revealsSsn = (req: PayloadRequest): boolean =>
  req.context?.revealForProvider === true ||
  (isStaffAdminUser(req.user) && String(req.query?.reveal ?? '') === 'ssn')
