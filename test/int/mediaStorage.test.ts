/**
 * Uploaded files in an S3-compatible bucket (S3_BUCKET), against a real S3 server on 127.0.0.1:
 * a photo uploaded is stored in the bucket, not on local disk, and served from the bucket; deleting the record deletes the object; with the bucket unreachable an upload
 * is a 503 saying so, not a 500, and stores no record.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { STORAGE_UNAVAILABLE } from '@/errors'

import { createPrincipals, type Principal } from '../helpers/principals'
import { type S3Server, startS3Server } from '../helpers/s3Server'
import { startTestService, type TestService } from '../helpers/service'

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const mediaDir = path.join(process.env.DATA_DIR ?? '.data', `media-s3-test-${process.pid}`)

let s3: S3Server
let service: TestService
let staff: Principal

beforeAll(async () => {
  s3 = await startS3Server()
  // Read when the config is evaluated, as the service starts.
  Object.assign(process.env, s3.settings, { MEDIA_DIR: mediaDir })
  service = await startTestService()
  ;({ staff } = await createPrincipals(service.payload))
}, 120_000)

afterAll(async () => {
  await service?.close()
  await s3?.close()
  for (const name of Object.keys(s3?.settings ?? {})) delete process.env[name]
  delete process.env.MEDIA_DIR
  fs.rmSync(mediaDir, { force: true, recursive: true })
})

const upload = (url: string, name: string) => {
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), name)
  form.append('_payload', JSON.stringify({ alt: 'Front view' }))
  return fetch(`${url}/api/media`, { body: form, headers: staff.headers, method: 'POST' })
}

describe('media in an S3 bucket', () => {
  it('stores an upload in the bucket, not on disk, and serves it from there', async () => {
    const response = await upload(service.url, 'front.png')
    expect(response.status).toBe(201)
    const { doc } = await response.json()
    expect(await s3.keys()).toContain(doc.filename)
    expect(fs.existsSync(path.join(mediaDir, doc.filename))).toBe(false)
    // Not on this disk: the answer comes from the bucket, as it would on any other node.
    const file = await fetch(`${service.url}/api/media/file/${doc.filename}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('deletes the object with the record', async () => {
    const { doc } = await (await upload(service.url, 'gone.png')).json()
    expect(await s3.keys()).toContain(doc.filename)
    const deleted = await fetch(`${service.url}/api/media/${doc.id}`, {
      headers: staff.headers,
      method: 'DELETE',
    })
    expect(deleted.status).toBe(200)
    expect(await s3.keys()).not.toContain(doc.filename)
  })

  it('answers 503 and keeps no record when the bucket cannot be reached', async () => {
    const before = (await service.payload.count({ collection: 'media' })).totalDocs
    await s3.stop()
    try {
      const response = await upload(service.url, 'offline.png')
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(await response.json()).toEqual({ errors: [{ message: STORAGE_UNAVAILABLE }] })
      expect((await service.payload.count({ collection: 'media' })).totalDocs).toBe(before)
    } finally {
      await s3.start()
    }
  })
})
