/**
 * A request's context (src/lib/requestContext.ts) holds the credential the gate found only while
 * the request is answered: work that outlives the answer (a hook's promise, a delivery started
 * from it) runs in the same context and must not find it there.
 */
import http from 'node:http'
import net from 'node:net'

import { describe, expect, it } from '@jest/globals'
import type { Request, Response } from 'express'
import type { TypedUser } from 'payload'

import { keepResolvedCredential } from '@/auth/resolvedCredential'
import { requestLog } from '@/http/requestLog'
import { type RequestContext, requestContext } from '@/lib/requestContext'

describe("a request's context", () => {
  it('forgets the credential kept for the request once its answer is done', () => {
    const req = new http.IncomingMessage(new net.Socket())
    req.method = 'GET'
    req.url = '/api/lead'
    const res = new http.ServerResponse(req)
    let seen: RequestContext | undefined
    requestLog(req as Request, res as unknown as Response, () => {
      keepResolvedCredential('Bearer token', { collection: 'users', id: 1 } as TypedUser)
      seen = requestContext.getStore()
    })
    expect(seen?.credential?.header).toBe('Bearer token')
    res.emit('close')
    expect(seen).toBeDefined()
    expect(seen?.credential).toBeUndefined()
  })
})
