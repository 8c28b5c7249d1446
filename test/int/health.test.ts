import { describe, expect, it } from '@jest/globals'

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
