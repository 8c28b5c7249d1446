/**
 * A request's context (src/lib/requestContext.ts) holds the credential the gate found only while
 * the request is answered: work that outlives the answer (a hook's promise, a delivery started
 * from it) runs in the same context and must not find it there, and a credential found after the
 * client has gone is not kept at all.
 */
import http from 'node:http'
import net from 'node:net'

import { describe, expect, it } from '@jest/globals'
import type { Request, Response } from 'express'
import type { TypedUser } from 'payload'

import { keepResolvedCredential } from '@/auth/resolvedCredential'
import { requestLog } from '@/http/requestLog'
import { requestContext } from '@/lib/requestContext'

const USER = { collection: 'users', id: 1 } as TypedUser

/** A request through requestLog, its work run as `work` in the request's context. */
const request = (work: (res: http.ServerResponse) => Promise<void>) => {
  const req = new http.IncomingMessage(new net.Socket())
  req.method = 'GET'
  req.url = '/api/lead'
  const res = new http.ServerResponse(req)
  return new Promise<void>((resolve, reject) => {
    requestLog(req as Request, res as unknown as Response, () => {
      work(res).then(resolve, reject)
    })
  })
}

const later = () => new Promise((resolve) => setImmediate(resolve))

describe("a request's context", () => {
  it('forgets the credential kept for the request once its answer is done, for work still running', async () => {
    await request(async (res) => {
      keepResolvedCredential('Bearer token', USER)
      expect(requestContext.getStore()?.credential?.header).toBe('Bearer token')
      res.emit('close')
      await later()
      expect(requestContext.getStore()?.reqId).toBeDefined()
      expect(requestContext.getStore()?.credential).toBeUndefined()
    })
  })

  it('keeps nothing found after the client has gone', async () => {
    await request(async (res) => {
      res.emit('close')
      keepResolvedCredential('Bearer token', USER)
      await later()
      expect(requestContext.getStore()?.credential).toBeUndefined()
    })
  })
})
