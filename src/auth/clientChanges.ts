import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'
import pg from 'pg'

import { transactionDb } from '@/db/transaction'
import { logger } from '@/lib/logger'
import { settings } from '@/lib/settings'

import { forgetAllClients, forgetClient, watchingClientChanges } from './apiKeyCache'

const CHANNEL = 'api_clients_changed'
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000]

/**
 * Tells every instance a client changed, inside the write's transaction: PostgreSQL delivers the
 * notice only if the change commits, and only after it has.
 */
const announce = async (req: PayloadRequest, id: number | string): Promise<void> => {
  forgetClient(id)
  await (await transactionDb(req)).execute(sql`select pg_notify(${CHANNEL}, ${String(id)})`)
}

export const announceClientChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  await announce(req, doc.id)
  return doc
}

export const announceClientDelete: CollectionAfterDeleteHook = async ({ id, req }) => {
  await announce(req, id)
}

/**
 * Listens for client changes on a connection of its own and forgets the clients named. While it
 * is not connected nothing is served from the cache; a reconnect forgets everything, as notices
 * sent meanwhile are lost.
 */
export const listenForClientChanges = (connectionString: string): (() => Promise<void>) => {
  let client: null | pg.Client = null
  let stopped = false
  let attempt = 0
  let unwatch: (() => void) | null = null
  let timer: NodeJS.Timeout | undefined

  const lost = (error?: unknown) => {
    unwatch?.()
    unwatch = null
    client?.removeAllListeners()
    client?.end().catch(() => {})
    client = null
    if (stopped) return
    if (error) logger.warn({ err: error }, 'client-change listener lost its connection; retrying')
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
    next.on('notification', (message) => {
      if (message.payload) forgetClient(message.payload)
    })
    try {
      await next.connect()
      await next.query(`listen ${CHANNEL}`)
      if (client !== next) return
      attempt = 0
      forgetAllClients()
      unwatch = watchingClientChanges()
    } catch (error) {
      if (client === next) lost(error)
    }
  }

  void connect()
  return async () => {
    stopped = true
    clearTimeout(timer)
    unwatch?.()
    const last = client
    client = null
    last?.removeAllListeners()
    await last?.end().catch(() => {})
  }
}
