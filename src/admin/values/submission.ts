import { isRecord } from '@/lib/isRecord'

const SUBMISSION: Record<string, string> = {
  accepted: 'accepted by the provider',
  'awaiting authorization': 'awaiting a credit-report authorization',
  cancelled: 'submission cancelled',
  failed: 'submission failed',
  queued: 'queued for the provider',
  rejected: 'rejected by the provider',
  retrying: 'retrying the provider',
  sending: 'sending to the provider',
}

/** A credit app's submission, in words: not sent, or where sending it stands. */
export const submissionText = (submission: unknown): string => {
  const status = isRecord(submission) ? submission.status : undefined
  return (typeof status === 'string' && SUBMISSION[status]) || 'not sent'
}
