import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { startTestService, type TestService } from '../helpers/service'

let service: TestService

beforeAll(async () => {
  service = await startTestService()
})
afterAll(async () => {
  await service?.close()
})

describe('health', () => {
  it('GET /healthz answers while the process is up', async () => {
    const response = await service.api('/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('GET /readyz reports the database reachable', async () => {
    const response = await service.api('/readyz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ database: 'reachable', status: 'ready' })
  })
})
