/** How a duplicate submission is recorded on the lead it repeats: a `Lead Created` event with the values it carried. */
import type { PayloadRequest } from 'payload'

import type { LeadEvent } from '../../payload-types'
import type { DuplicateMatch } from './duplicateLookup'
import { idOf } from './ids'
import { ruleWords } from './matchKeys'

/** What a duplicate submission is recorded with: the contact values it carried, as sent. */
const SUBMITTED = ['firstName', 'lastName', 'email', 'phoneNumber', 'source', 'consumer'] as const

export const submittedValues = (submission: Record<string, unknown>) =>
  Object.fromEntries(
    SUBMITTED.flatMap((name) =>
      submission[name] === undefined || submission[name] === null
        ? []
        : [[name, idOf(submission[name] as never) ?? submission[name]]],
    ),
  )

/**
 * Adds a duplicate submission to an existing lead: a `Lead Created` lead event naming its source
 * and the values it carried (staff read them on the event). Written by the service (no caller
 * access), in `req`'s transaction. The existing lead's own values are left as they are.
 */
export const absorbSubmission = async (
  req: PayloadRequest,
  existingLeadId: number,
  submission: Record<string, unknown>,
  source: string,
): Promise<LeadEvent> =>
  req.payload.create({
    collection: 'leadEvents',
    data: {
      lead: existingLeadId,
      submission: { source, values: submittedValues(submission) },
      type: 'Lead Created',
    } as LeadEvent,
    depth: 0,
    req,
  })

/** How an answer says a submission was merged. */
export const mergedMessage = (match: DuplicateMatch) =>
  `Merged into lead ${match.lead} as a duplicate (${ruleWords[match.rule]}).`
