/**
 * Lookup latency, cold and warm: `npm run bench:lookups [-- --runs 5]`.
 * Cold = a VIN the process has not decoded yet (the vPIC file already unpacked); warm = asked
 * again. The baseline is a VIN check alone, measured in the same run. Prints medians (ms).
 */
import { performance } from 'node:perf_hooks'

import { listingLookup } from '@/lookups/listing/lookup'
import { tcoLookup } from '@/lookups/tco/lookup'
import { decodeVin, stopDecoder } from '@/lookups/vin/decoder'
import { openRuntime } from '@/start/runtime'
import { validateVin } from '@/validation/vin'

import { arg, median } from './common'

const VINS = [
  '1HGCM82633A004352',
  '1G1ZT53826F109149',
  '2T1BURHE0JC074236',
  'KM8K2CAB4PU001140',
  '3VWFE21C04M000001',
  '5YJ3E1EA7KF317000',
  '1FTFW1ET5DFC10312',
]
const runs = arg('runs', 3)

const time = async (work: () => Promise<unknown> | unknown) => {
  const start = performance.now()
  await work()
  return performance.now() - start
}

const runtime = await openRuntime()
try {
  await decodeVin('WBA3A5C51CF256651') // unpacks/opens the vPIC file; not measured
  const rows: Record<string, number[]> = {
    'baseline: VIN check': [],
    'decode cold': [],
    'decode warm': [],
    'listing warm': [],
    'tco warm': [],
  }
  for (let run = 0; run < runs; run++) {
    await stopDecoder() // a fresh worker and an empty cache: cold again
    await decodeVin('WBA3A5C51CF256651')
    for (const vin of VINS) {
      rows['baseline: VIN check'].push(await time(() => validateVin(vin)))
      rows['decode cold'].push(await time(() => decodeVin(vin)))
      rows['decode warm'].push(await time(() => decodeVin(vin)))
      rows['tco warm'].push(await time(() => tcoLookup(runtime.payload, vin, { zip: '90210' })))
      rows['listing warm'].push(await time(() => listingLookup(runtime.payload, vin)))
    }
  }
  console.log(`runs: ${runs} × ${VINS.length} VINs; medians in ms`)
  for (const [name, values] of Object.entries(rows))
    console.log(`${name.padEnd(22)} ${median(values).toFixed(3).padStart(10)}`)
  const cold = median(rows['decode cold'])
  console.log(`cold decode / warm TCO: ${(cold / median(rows['tco warm'])).toFixed(1)}×`)
} finally {
  await stopDecoder()
  await runtime.close()
}
