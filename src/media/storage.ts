/**
 * Where uploaded files (listing photos, the `media` collection) are kept: the local MEDIA_DIR by
 * default, or an S3-compatible bucket when S3_BUCKET is set, so that every node serves every
 * file. Files are served through the service (`/api/media/file/<name>`, which reads the bucket),
 * or straight from S3_PUBLIC_URL when the bucket is public behind that address.
 *
 * The plugin adds its fields (the object's `prefix`) whether or not a bucket is configured, so the
 * database schema, and the committed migrations, are the same in both setups.
 */
import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'

import { settings } from '@/lib/settings'

export const storagePlugin = (): Plugin => {
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
  return s3Storage({
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
  })
}
