/** Offline decoding of real VINs against their known make, model and year (NHTSA vPIC). */
import { afterAll, describe, expect, it } from '@jest/globals'

import { decodeVin, stopDecoder } from '@/lookups/vin/decoder'

afterAll(() => stopDecoder())

describe('decodeVin', () => {
  it.each([
    ['1HGCM82633A004352', 'Honda', 'Accord', 2003],
    ['1G1ZT53826F109149', 'Chevrolet', 'Malibu', 2006],
    ['2T1BURHE0JC074236', 'Toyota', 'Corolla', 2018],
    ['KM8K2CAB4PU001140', 'Hyundai', 'Kona', 2023],
    ['3VWFE21C04M000001', 'Volkswagen', 'Beetle', 2004],
    ['5YJ3E1EA7KF317000', 'Tesla', 'Model 3', 2019],
    ['1FTFW1ET5DFC10312', 'Ford', 'F-150', 2013],
  ])('%s is a %s %s of %i', async (vin, make, model, year) => {
    expect(await decodeVin(vin)).toMatchObject({ make, model, vin, year })
  })

  it('reports body, fuel and engine where vPIC has them, with a confidence from 0 to 1', async () => {
    const decoded = await decodeVin('1G1ZT53826F109149')
    expect(decoded).toMatchObject({
      body: 'Sedan',
      doors: 4,
      engine: '3.5L 6-cylinder (LX9)',
      fuel: 'Gasoline',
      trim: 'LT',
    })
    expect(decoded!.confidence).toBeGreaterThan(0)
    expect(decoded!.confidence).toBeLessThanOrEqual(1)
    expect((await decodeVin('5YJ3E1EA7KF317000'))!.fuel).toBe('Electric')
  })

  it('answers null for a VIN no manufacturer has, and the same answer again from memory', async () => {
    expect(await decodeVin('ZZZZZZZZZZZZZZZZZ')).toBeNull()
    const start = performance.now()
    expect(await decodeVin('1HGCM82633A004352')).toMatchObject({ make: 'Honda' })
    expect(performance.now() - start).toBeLessThan(1000)
  })
})
