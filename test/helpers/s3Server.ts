/**
 * A real S3-compatible server on 127.0.0.1 (the `s3rver` package, files in a folder of its own),
 * with the settings that point the service at it.
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

import { freePort } from '@/lib/freePort'
import { dataDir } from '@/lib/paths'

export type S3Server = {
  close: () => Promise<void>
  /** The objects' keys in the bucket, as S3 lists them. */
  keys: () => Promise<string[]>
  /** S3_* settings for the service. */
  settings: Record<string, string>
  /** Stops answering (the port is closed); `start` brings it back on the same port. */
  start: () => Promise<void>
  stop: () => Promise<void>
}

export const startS3Server = async (bucket = 'media'): Promise<S3Server> => {
  const directory = path.join(dataDir(), `s3-${process.pid}-${Date.now()}`)
  const port = await freePort()
  let server: null | S3rver = null
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      configureBuckets: [{ configs: [], name: bucket }],
      directory,
      port,
      silent: true,
    })
    const address = (await server.run()) as AddressInfo
    if (address.port !== port) throw new Error(`s3rver listened on ${address.port}, not ${port}`)
  }
  const stop = async () => {
    await server?.close()
    server = null
  }
  await start()
  return {
    close: async () => {
      await stop()
      fs.rmSync(directory, { force: true, recursive: true })
    },
    keys: async () => {
      const client = new S3Client({
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        region: 'us-east-1',
      })
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      client.destroy()
      return (listed.Contents ?? []).map((object) => object.Key!)
    },
    settings: {
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    start,
    stop,
  }
}
