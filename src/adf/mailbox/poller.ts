/**
 * The lead mailbox: with LEADS_IMAP_URL set, every LEADS_IMAP_POLL_SECONDS a poller signs in to
 * the mailbox, reads each message in it into leads (readMessage.ts) and moves it to the processed
 * or the failed folder. Any number of pollers (processes, nodes) may read one mailbox: each
 * message is claimed in the database before it is read, and its row says it was. A mailbox that
 * cannot be read (server down, login refused) is logged once, then retried with backoff until it
 * answers again; nothing it does stops the service.
 */
import { ImapFlow } from 'imapflow'
import type { Payload } from 'payload'

import { classifyFailure } from '@/errors'
import { isRecord } from '@/lib/isRecord'
import { logger } from '@/lib/logger'
import { settings } from '@/lib/settings'

import { type MailboxConfig, mailboxConfig, mailboxName } from './config'
import { asUser, mailboxClient } from './principal'
import { type Outcome, readMessage } from './readMessage'

export type MailboxPoller = {
  /** Resolves once the poll in flight has ended (after the message being read) and it is signed out. */
  stop: () => Promise<void>
}

export type PollerOptions = {
  /** Longest wait between two tries while the mailbox cannot be read (default 5 minutes). */
  maxBackoffMs?: number
  pollMs?: number
}

const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000
const STOP_GRACE_MS = 5_000
/** Longest sign-in (connection, greeting, login): imapflow's own timeouts leave the login unbounded. */
const CONNECT_TIMEOUT_MS = 30_000
const LOGOUT_TIMEOUT_MS = 5_000

/** `step`, or a timeout error after `ms`, closing the connection. */
const withinTime = async <T>(step: Promise<T>, ms: number, client: ImapFlow): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      client.close()
      reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: 'ETIMEDOUT' }))
    }, ms)
  })
  try {
    return await Promise.race([step, late])
  } finally {
    clearTimeout(timer)
  }
}

/** What a poll did, for logs and the benchmark. */
export type PollResult = {
  busy: number
  failed: number
  /** The mailbox's API client is disabled: the mailbox was not read. */
  paused: boolean
  processed: number
  seen: number
}

/** Messages larger than this are not fetched: no ADF document is near it. */
const maxMessageBytes = () => 4 * settings('adf').ADF_MAX_BYTES + 1024 * 1024

const describeError = (error: unknown): string => {
  const failure = isRecord(error) ? error : {}
  return [failure.code, failure.responseText ?? failure.message].filter(Boolean).join(': ')
}

/** The IMAP server failed a step (could not be reached, refused the login, dropped the connection). */
class MailboxUnreachable extends Error {
  constructor(step: string, cause: unknown) {
    super(`${step}: ${describeError(cause)}`, { cause })
    this.name = 'MailboxUnreachable'
  }
}

/** Runs an IMAP step; its failure is the mailbox's, never mistaken for the database's. */
const imap = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run()
  } catch (error) {
    throw new MailboxUnreachable(step, error)
  }
}

type State = {
  active: ImapFlow | null
  /** Why the last poll failed, while the mailbox cannot be read. */
  down: string | null
  paused: boolean
  stopped: boolean
  wake: () => void
}

const folderFor = (config: MailboxConfig, outcome: Outcome): string | null => {
  if (outcome.kind === 'busy') return null
  const status = outcome.kind === 'seen' ? outcome.status : outcome.kind
  return status === 'processed' ? config.processedFolder : config.failedFolder
}

/** Moves the message; one another poller moved first is gone, and that is fine. */
const move = async (client: ImapFlow, uid: number, folder: string) => {
  try {
    await client.messageMove(String(uid), folder, { uid: true })
  } catch (error) {
    logger.debug({ err: error, uid }, 'lead mailbox: a message could not be moved (moved already?)')
  }
}

/** Messages that failed for a reason of the service's own, already logged. */
const unreadable = new Set<string>()

/** One poll: sign in, read every message of the mailbox, sign out. */
export const pollOnce = async (
  payload: Payload,
  config: MailboxConfig,
  state: Pick<State, 'active' | 'stopped'> = { active: null, stopped: false },
): Promise<PollResult> => {
  const result: PollResult = { busy: 0, failed: 0, paused: false, processed: 0, seen: 0 }
  const principal = await mailboxClient(payload)
  if (principal.enabled === false) return { ...result, paused: true }
  const user = asUser(principal)
  const client = new ImapFlow({
    auth: { pass: config.pass, user: config.user },
    connectionTimeout: 30_000,
    disableAutoIdle: true,
    greetingTimeout: 15_000,
    host: config.host,
    logger: false,
    port: config.port,
    secure: config.secure,
    socketTimeout: 30_000,
  })
  // A connection lost later is an error of the command in flight; unheard, the event would be fatal.
  client.on('error', (error) => logger.debug({ err: error }, 'lead mailbox: connection error'))
  state.active = client
  try {
    await imap('connecting', () => withinTime(client.connect(), CONNECT_TIMEOUT_MS, client))
    for (const folder of [config.processedFolder, config.failedFolder])
      await imap(`creating the folder ${folder}`, () => client.mailboxCreate(folder))
    const lock = await imap(`opening ${config.mailbox}`, () =>
      client.getMailboxLock(config.mailbox),
    )
    try {
      const uids =
        (await imap('listing messages', () => client.search({ deleted: false }, { uid: true }))) ||
        []
      const limit = maxMessageBytes()
      for (const uid of uids) {
        if (state.stopped) break
        const message = await imap('fetching a message', () =>
          client.fetchOne(String(uid), { size: true }, { uid: true }),
        )
        if (!message) continue
        let outcome: Outcome
        if ((message.size ?? 0) > limit) {
          const head = await imap('fetching a message', () =>
            client.fetchOne(String(uid), { headers: true }, { uid: true }),
          )
          if (!head || !head.headers) continue
          outcome = await readMessage(
            payload,
            user,
            head.headers,
            `the message is ${message.size} bytes, over the ${limit}-byte limit of the mailbox`,
          )
        } else {
          const full = await imap('fetching a message', () =>
            client.fetchOne(String(uid), { source: true }, { uid: true }),
          )
          if (!full || !full.source) continue
          try {
            outcome = await readMessage(payload, user, full.source)
          } catch (error) {
            // The database or a conflict: the whole poll is tried again later.
            const kind = classifyFailure(error)?.kind
            if (kind === 'unavailable' || kind === 'conflict') throw error
            // Anything else stays in the mailbox for the next poll without holding up the rest
            // (said once per message).
            const key = `${mailboxName(config)}:${client.mailbox ? client.mailbox.uidValidity : ''}:${uid}`
            if (!unreadable.has(key)) {
              unreadable.add(key)
              logger.error(
                { err: error, uid },
                'lead mailbox: a message could not be read; left in the mailbox',
              )
            }
            continue
          }
        }
        result[outcome.kind]++
        if (outcome.kind === 'processed')
          logger.info(
            { leads: outcome.leads, messageId: outcome.messageId },
            'lead mailbox: message read into leads',
          )
        if (outcome.kind === 'failed')
          logger.warn(
            { messageId: outcome.messageId, reason: outcome.reason },
            'lead mailbox: message made no lead; moved to the failed folder',
          )
        const folder = folderFor(config, outcome)
        if (folder) await move(client, uid, folder)
      }
    } finally {
      lock.release()
    }
    // A server gone silent after the work is done costs the sign-out, never the poller.
    await withinTime(client.logout(), LOGOUT_TIMEOUT_MS, client).catch(() => {})
  } finally {
    state.active = null
    client.close()
  }
  return result
}

const pause = (state: State, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    state.wake = () => {
      clearTimeout(timer)
      resolve()
    }
  })

const pollUntilStopped = async (
  payload: Payload,
  config: MailboxConfig,
  state: State,
  { maxBackoffMs = DEFAULT_MAX_BACKOFF_MS, pollMs = config.pollMs }: PollerOptions,
) => {
  let failures = 0
  while (!state.stopped) {
    try {
      const { paused } = await pollOnce(payload, config, state)
      if (paused && !state.paused)
        logger.warn(
          'lead mailbox: its API client ("Lead mailbox") is disabled; messages wait in the mailbox',
        )
      state.paused = paused
      if (state.down) logger.info({ mailbox: mailboxName(config) }, 'lead mailbox: read again')
      state.down = null
      failures = 0
    } catch (error) {
      if (state.stopped) break
      failures++
      const unreachable = error instanceof MailboxUnreachable
      const database = !unreachable && classifyFailure(error)?.kind === 'unavailable'
      const reason = unreachable
        ? error.message
        : database
          ? 'the database cannot be reached'
          : describeError(error)
      // Once per outage: a server down for an hour is one line, not one per try.
      if (!state.down)
        logger.error(
          {
            err: unreachable || database ? undefined : error,
            mailbox: mailboxName(config),
            reason,
          },
          `lead mailbox: cannot read ${mailboxName(config)} (${reason}); trying again with backoff, and saying so once it works`,
        )
      else logger.debug({ reason }, 'lead mailbox: still cannot read the mailbox')
      state.down = reason
    }
    if (state.stopped) break
    const wait = failures ? Math.min(pollMs * 2 ** (failures - 1), maxBackoffMs) : pollMs
    await pause(state, wait)
  }
}

/** Starts polling when LEADS_IMAP_URL is set; null otherwise. */
export const startMailboxPoller = (
  payload: Payload,
  options: PollerOptions & { config?: MailboxConfig } = {},
): MailboxPoller | null => {
  const config = options.config ?? mailboxConfig()
  if (!config) return null
  const state: State = { active: null, down: null, paused: false, stopped: false, wake: () => {} }
  logger.info(
    { mailbox: mailboxName(config), pollMs: options.pollMs ?? config.pollMs },
    'lead mailbox: polling',
  )
  const loop = pollUntilStopped(payload, config, state, options).catch((error) =>
    logger.error({ err: error }, 'lead mailbox: the poller stopped'),
  )
  return {
    stop: async () => {
      state.stopped = true
      state.wake()
      // A poll ends after the message in flight; one stuck on a silent server is cut off.
      const ended = await Promise.race([
        loop.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS).unref()),
      ])
      if (!ended) state.active?.close()
      await loop
    },
  }
}
