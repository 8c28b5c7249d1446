/**
 * Where uploaded files (listing photos, the `media` collection) are kept: the local MEDIA_DIR by
 * default, or an S3-compatible bucket when S3_BUCKET is set, so that every node serves every
 * file. Files are served through the service (`/api/media/file/<name>`, which reads the bucket),
 * or straight from S3_PUBLIC_URL when the bucket is public behind that address.
 *
 * The plugin adds its fields (the object's `prefix`) whether or not a bucket is configured, so the
 * database schema, and the committed migrations, are the same in both setups.
 *
 * `@payloadcms/storage-s3` loads the AWS SDK when imported (about 0.2 s and 8 MiB in every
 * process), so it is imported only when a bucket is set. Without one, this does what its disabled
 * branch does (`alwaysInsertFields`): the cloud-storage plugin's fields and the admin UI's upload
 * handler entry, with no adapter. test/unit/storagePlugin.test.ts checks the two configs agree.
 */
import { cloudStoragePlugin } from '@payloadcms/plugin-cloud-storage'
import type { CollectionOptions } from '@payloadcms/plugin-cloud-storage/types'
import { initClientUploads } from '@payloadcms/plugin-cloud-storage/utilities'
import type { S3StorageOptions } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import { settings } from '@/lib/settings'

/** What @payloadcms/storage-s3 names its client upload handler and signing endpoint. */
const S3_CLIENT_HANDLER = '@payloadcms/storage-s3/client#S3ClientUploadHandler'
const S3_SIGNED_URL_PATH = '/storage-s3-generate-signed-url'

export const storageOptions = (): S3StorageOptions => {
  const {
    S3_ACCESS_KEY_ID,
    S3_BUCKET,
    S3_ENDPOINT,
    S3_FORCE_PATH_STYLE,
    S3_PREFIX,
    S3_PUBLIC_URL,
    S3_REGION,
    S3_SECRET_ACCESS_KEY,
  } = settings('storage')
  return {
    alwaysInsertFields: true,
    bucket: S3_BUCKET ?? '',
    collections: {
      media: {
        prefix: S3_PREFIX,
        ...(S3_PUBLIC_URL
          ? {
              disablePayloadAccessControl: true,
              generateFileURL: ({ filename, prefix }) =>
                [S3_PUBLIC_URL, prefix, filename].filter(Boolean).join('/'),
            }
          : {}),
      },
    },
    config: {
      credentials:
        S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
          ? { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY }
          : undefined,
      endpoint: S3_ENDPOINT,
      // S3-compatible servers (MinIO and the like) address buckets by path.
      forcePathStyle: S3_FORCE_PATH_STYLE ?? Boolean(S3_ENDPOINT),
      region: S3_REGION,
    },
    enabled: Boolean(S3_BUCKET),
  }
}

/** The S3 plugin's configuration with no bucket, without loading it (or the AWS SDK). */
export const withoutBucket =
  ({ collections }: S3StorageOptions): Plugin =>
  (config) => {
    const unadapted: Record<string, CollectionOptions> = {}
    for (const [slug, options] of Object.entries(collections))
      unadapted[slug] = { ...(options === true ? {} : options), adapter: null }
    initClientUploads({
      clientHandler: S3_CLIENT_HANDLER,
      collections,
      config,
      enabled: false,
      // Never added to the config while disabled.
      serverHandler: () => new Response(null, { status: 404 }),
      serverHandlerPath: S3_SIGNED_URL_PATH,
    })
    return cloudStoragePlugin({
      alwaysInsertFields: true,
      collections: unadapted,
      enabled: false,
    })(config)
  }

export const storagePlugin = (): Plugin => {
  const options = storageOptions()
  if (!options.enabled) return withoutBucket(options)
  return async (config) => (await import('@payloadcms/storage-s3')).s3Storage(options)(config)
}
