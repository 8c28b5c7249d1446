/**
 * Duplicate leads: a new lead (REST `POST /api/lead`, an import, an ADF intake) that is the same
 * person as one of its location's recent leads is added to that lead as a `Lead Created` event
 * instead of becoming a lead of its own. The rules and the normalised values are in
 * ./matchKeys.ts; the window and which rules are on are settings (`LEAD_DUPLICATE_DAYS`,
 * `LEAD_DUPLICATE_RULES`). The parts: ./duplicateKeys.ts (a lead's match keys),
 * ./duplicateLocks.ts and ./duplicateLookup.ts (finding a duplicate, under locks),
 * ./duplicateSubmission.ts (recording one), ./leadIntake.ts (a caller's new lead),
 * ./possibleDuplicates.ts (a stored lead's possible duplicates).
 *
 * For callers elsewhere (the ADF intake): inside the caller's transaction,
 *   const match = await findDuplicate(req, candidate)   // holds the candidate's locks
 *   if (match) await absorbSubmission(req, match.lead, submission, 'adf')
 *   else await req.payload.create({ collection: 'lead', data: candidate, req })
 * The locks last until that transaction ends, so two submissions of one person make one lead.
 */
export { type Candidate, keepMatchKeys } from './duplicateKeys'
export { type DuplicateMatch, findDuplicate, holdDuplicateLocks } from './duplicateLookup'
export { absorbSubmission, mergedMessage } from './duplicateSubmission'
export { importLeadRow, type Intake, intakeLead } from './leadIntake'
export { type PossibleDuplicate, possibleDuplicates } from './possibleDuplicates'
