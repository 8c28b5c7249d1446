import type { AddressInfo } from 'node:net'

import { describe, expect, it } from '@jest/globals'
import express from 'express'

import { securityHeaders } from '@/http/securityHeaders'

import { useTestService } from '../helpers/service'

const context = useTestService()

describe('health', () => {
  it('GET /healthz answers while the process is up', async () => {
    const response = await context.service.api('/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('GET /readyz reports the database reachable', async () => {
    const response = await context.service.api('/readyz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ database: 'reachable', status: 'ready' })
  })
})

describe('security headers', () => {
  it('every answer carries the content security policy and helmet headers, API and docs alike', async () => {
    for (const path of ['/healthz', '/api/docs', '/api/openapi.json', '/api/credit-app']) {
      const response = await context.service.api(path)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'self'")
      expect(csp).toContain("object-src 'none'")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
      expect(response.headers.get('x-powered-by')).toBeNull()
    }
  })

  it('plain-HTTP installs get neither HSTS nor upgrade-insecure-requests', async () => {
    const response = await context.service.api('/healthz')
    expect(response.headers.get('strict-transport-security')).toBeNull()
    expect(response.headers.get('content-security-policy')).not.toContain(
      'upgrade-insecure-requests',
    )
  })

  it('uploaded media may be embedded by other sites', async () => {
    const response = await context.service.api('/api/media/file/none.jpg')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
  })
})

describe('security headers over HTTPS', () => {
  it('a service whose SERVER_URL is https sends HSTS and upgrades insecure requests', async () => {
    const before = process.env.SERVER_URL
    process.env.SERVER_URL = 'https://commerce.example.com'
    const app = express()
      .use(securityHeaders())
      .get('/', (_req, res) => void res.send('ok'))
    process.env.SERVER_URL = before ?? ''
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      expect(response.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      )
      expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
    } finally {
      server.close()
    }
  })
})
