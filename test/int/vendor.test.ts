/** The upstream vehicle-data vendor, faked on 127.0.0.1: ok, cached, slow, 5xx, down, circuit breaker. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'

import { resetVendorBreaker } from '@/lookups/vendor'

import { type FakeVendor, startFakeVendor } from '../helpers/fakeVendor'
import { sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'
import { expectTcoInvariants } from '../helpers/tco'

const context = useTestService({ principals: true })
const get = (path: string) =>
  sendJson(context.service, 'GET', `/api${path}`, { headers: context.who.integrator.headers })

const ACCORD = '1HGCM82633A004352'
const year = {
  averageCostPerMile: 0.5,
  depreciation: 1000,
  financeInterest: 100,
  fuel: 1000,
  insurance: 1000,
  maintenance: 500,
  repairs: 400,
  taxesAndFees: 500,
  tcoPrice: 4500,
}
const vendorTco = {
  tco: {
    total: { ...year, depreciation: 5000, federalTaxCredit: 0, tcoPrice: 22500 },
    years: { 1: year, 2: year, 3: year, 4: year, 5: year },
  },
  vehicle: { make: 'Honda', model: 'Accord', vin: ACCORD, year: '2003' },
}

let vendor: FakeVendor
let downUrl: string
let zip = 10000
/** A ZIP not asked before, so no cached answer interferes. */
const freshZip = () => String(++zip)

beforeAll(async () => {
  vendor = await startFakeVendor()
  const down = await startFakeVendor()
  downUrl = down.url
  await down.close()
  Object.assign(process.env, {
    VEHICLE_DATA_FAILURES: '3',
    VEHICLE_DATA_KEY: 'vendor-key',
    VEHICLE_DATA_TIMEOUT_MS: '300',
    VEHICLE_DATA_URL: vendor.url,
  })
})
afterAll(async () => {
  for (const name of [
    'VEHICLE_DATA_URL',
    'VEHICLE_DATA_KEY',
    'VEHICLE_DATA_TIMEOUT_MS',
    'VEHICLE_DATA_FAILURES',
    'VEHICLE_DATA_COOLDOWN_SECONDS',
  ])
    delete process.env[name]
  await vendor.close()
})
beforeEach(() => {
  process.env.VEHICLE_DATA_URL = vendor.url
  resetVendorBreaker()
})

describe('TCO from the vendor', () => {
  it('answers the vendor’s figures, sends the key, and caches the answer in PostgreSQL', async () => {
    vendor.respond({ body: { data: vendorTco }, status: 200 })
    const zipCode = freshZip()
    const before = vendor.requests.length
    const first = await get(`/tco/${ACCORD}?zip=${zipCode}`)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      ...vendorTco,
      assumptions: { source: 'vendor', vendorCached: false },
      zip: zipCode,
    })
    expect(vendor.requests.at(-1)).toEqual({
      authorization: 'Bearer vendor-key',
      url: `/tco/${ACCORD}?zip=${zipCode}`,
    })
    const second = await get(`/tco/${ACCORD}?zip=${zipCode}`)
    expect(second.body.assumptions).toMatchObject({ source: 'vendor', vendorCached: true })
    expect(vendor.requests.length).toBe(before + 1)
    const { docs } = await context.service.payload.find({
      collection: 'lookup-cache',
      where: { key: { equals: `vendor:tco:${ACCORD}:${zipCode}` } },
    })
    expect(docs).toHaveLength(1)
  })

  it.each([
    ['slow', { body: vendorTco, delayMs: 3000, status: 200 }, 'timed out after 300 ms'],
    ['failing', { body: { message: 'upstream down' }, status: 503 }, 'answered 503'],
    [
      'answering nonsense',
      { body: { hello: 'world' }, status: 200 },
      'answered in an unexpected shape',
    ],
    ['without data for the VIN', { body: {}, status: 404 }, 'no data for this VIN'],
  ])(
    'falls back to the model when the vendor is %s, and says why',
    async (_name, answer, reason) => {
      vendor.respond(answer)
      const response = await get(`/tco/${ACCORD}?zip=${freshZip()}`)
      expect(response.status).toBe(200)
      expect(response.body.assumptions).toMatchObject({ source: 'model', vendor: reason })
      expectTcoInvariants(response.body.tco, 15000)
    },
  )

  it('falls back when the vendor is down', async () => {
    process.env.VEHICLE_DATA_URL = downUrl
    const response = await get(`/tco/${ACCORD}?zip=${freshZip()}`)
    expect(response.body.assumptions).toMatchObject({ source: 'model', vendor: 'unreachable' })
  })

  it('stops calling a failing vendor after 3 failures, then probes it again after the cool-down', async () => {
    process.env.VEHICLE_DATA_COOLDOWN_SECONDS = '0.5'
    vendor.respond({ status: 500 })
    const before = vendor.requests.length
    for (let i = 0; i < 3; i++) await get(`/tco/${ACCORD}?zip=${freshZip()}`)
    expect(vendor.requests.length).toBe(before + 3)
    const skipped = await get(`/tco/${ACCORD}?zip=${freshZip()}`)
    expect(skipped.body.assumptions.vendor).toBe(
      'unavailable (circuit open after repeated failures)',
    )
    expect(vendor.requests.length).toBe(before + 3)
    await new Promise((resolve) => setTimeout(resolve, 600))
    vendor.respond({ body: vendorTco, status: 200 })
    const probed = await get(`/tco/${ACCORD}?zip=${freshZip()}`)
    expect(probed.body.assumptions.source).toBe('vendor')
    expect(vendor.requests.length).toBe(before + 4)
  })
})

describe('listing details from the vendor', () => {
  it('answers the vendor’s listing for a VIN outside the inventory', async () => {
    const listing = {
      retailListing: { cpo: true, miles: 20000, photos: [], price: 21000, used: true },
      specs: {},
      vehicle: { make: 'Honda', model: 'Accord', vin: ACCORD, year: 2003 },
    }
    vendor.respond({ body: listing, status: 200 })
    const response = await get(`/listings/${ACCORD}`)
    expect(response.body).toEqual({
      ...listing,
      sources: { retailListing: 'vendor', vehicle: 'vendor', vendor: 'asked' },
    })
  })

  it('falls back to the decoder when the vendor fails', async () => {
    vendor.respond({ status: 502 })
    const response = await get('/listings/1G1ZT53826F109149')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      retailListing: null,
      sources: { vehicle: 'decoder', vendor: 'answered 502' },
      vehicle: { make: 'Chevrolet' },
    })
  })
})

describe('LISTING_URL', () => {
  it('serves the listing lookup at the configured address too, behind the same guards', async () => {
    process.env.LISTING_URL = 'https://inventory.example.com/vehicles/details'
    delete process.env.VEHICLE_DATA_URL
    const { startTestService } = await import('../helpers/service')
    const { createPrincipals } = await import('../helpers/principals')
    const other = await startTestService()
    try {
      const who = await createPrincipals(other.payload)
      const answer = await sendJson(other, 'GET', '/vehicles/details/1G1ZT53826F109149', {
        headers: who.integrator.headers,
      })
      expect(answer.status).toBe(200)
      expect(answer.body.vehicle).toMatchObject({ make: 'Chevrolet', model: 'Malibu', year: 2006 })
      expect((await sendJson(other, 'GET', '/vehicles/details/1G1ZT53826F109149')).body).toEqual({
        error: { code: 401, message: 'Unauthorized' },
        success: false,
      })
      expect(
        (
          await sendJson(other, 'GET', '/api/listings/1G1ZT53826F109149', {
            headers: who.integrator.headers,
          })
        ).status,
      ).toBe(200)
    } finally {
      delete process.env.LISTING_URL
      await other.close()
    }
  })
})
