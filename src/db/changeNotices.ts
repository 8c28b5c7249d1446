/**
 * Per-process caches kept exact across processes by PostgreSQL's LISTEN/NOTIFY: a write announces
 * what it changed inside its own transaction (`pg_notify`), so the notice goes out only if the
 * write commits and only once it has; every process listens on a connection of its own and
 * forgets what a notice names. While a process is not listening, notices sent meanwhile are lost,
 * so its caches are out of use (`heard()` is false) until it listens again, and then start empty.
 * Used by the API-key cache (src/auth/) and the webhook subscriptions (src/webhooks/).
 */
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'
import pg from 'pg'

import { logger } from '@/lib/logger'
import { settings } from '@/lib/settings'

import { transactionDb } from './transaction'

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000]
/** PostgreSQL's rule for an unquoted identifier, which a channel name is written as. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/

export type ChangeChannel = {
  /** Tells every process (this one at once) that `subject` changed, in the write's transaction. */
  announce: (req: PayloadRequest, subject: string) => Promise<void>
  /** A listener hears this channel: only then may what its cache holds be used. */
  heard: () => boolean
  readonly name: string
}

/** What the listener does to a channel: hand it a notice, say it is heard or no longer. */
type Receiver = {
  changed: (subject: string) => void
  listening: (on: boolean) => void
}

const receivers = new WeakMap<ChangeChannel, Receiver>()

/**
 * A channel of change notices. `changed` forgets what a notice names; `reset` forgets
 * everything (listening began or stopped: notices may have been missed).
 */
export const changeChannel = (
  name: string,
  { changed, reset }: { changed: (subject: string) => void; reset: () => void },
): ChangeChannel => {
  if (!CHANNEL_NAME.test(name)) throw new Error(`not a channel name: ${name}`)
  let listeners = 0
  const channel: ChangeChannel = {
    announce: async (req, subject) => {
      changed(subject)
      await (await transactionDb(req)).execute(sql`select pg_notify(${name}, ${subject})`)
    },
    heard: () => listeners > 0,
    name,
  }
  receivers.set(channel, {
    changed,
    listening: (on) => {
      listeners += on ? 1 : -1
      reset()
    },
  })
  return channel
}

/**
 * Listens for `channels` on one connection of its own and hands each notice to its channel.
 * While it is not connected the channels are not heard; it reconnects with backoff.
 */
export const listenForChanges = (
  connectionString: string,
  channels: ChangeChannel[],
): (() => Promise<void>) => {
  const byName = new Map(channels.map((channel) => [channel.name, receivers.get(channel)!]))
  let client: null | pg.Client = null
  let stopped = false
  let attempt = 0
  let heard: Receiver[] = []
  let timer: NodeJS.Timeout | undefined

  const deaf = () => {
    for (const receiver of heard) receiver.listening(false)
    heard = []
  }

  const lost = (error?: unknown) => {
    deaf()
    client?.removeAllListeners()
    client?.end().catch(() => {})
    client = null
    if (stopped) return
    if (error) logger.warn({ err: error }, 'change-notice listener lost its connection; retrying')
    timer = setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)])
    timer.unref()
  }

  const connect = async () => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: settings('database').DATABASE_CONNECT_TIMEOUT_MS,
    })
    client = next
    next.on('error', lost)
    next.on('end', () => lost())
    next.on('notification', ({ channel, payload }) => {
      if (payload !== undefined) byName.get(channel)?.changed(payload)
    })
    try {
      await next.connect()
      await next.query(channels.map(({ name }) => `listen ${name}`).join('; '))
      if (client !== next) return
      attempt = 0
      heard = [...byName.values()]
      for (const receiver of heard) receiver.listening(true)
    } catch (error) {
      if (client === next) lost(error)
    }
  }

  void connect()
  return async () => {
    stopped = true
    clearTimeout(timer)
    deaf()
    const last = client
    client = null
    last?.removeAllListeners()
    await last?.end().catch(() => {})
  }
}
