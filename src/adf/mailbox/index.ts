export { type MailboxConfig, mailboxConfig } from './config'
export {
  type MailboxPoller,
  type PollerOptions,
  pollOnce,
  type PollResult,
  startMailboxPoller,
} from './poller'
export { MAILBOX_CLIENT_NAME, mailboxClient } from './principal'
export { messageKey, type Outcome, readMessage } from './readMessage'
