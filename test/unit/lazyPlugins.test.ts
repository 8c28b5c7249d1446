/**
 * Lexical and the S3 plugin (with the AWS SDK) are loaded only where they are used
 * (src/admin/richText.ts, src/media/storage.ts): the config the service builds without them must
 * be the one it would build with them.
 */
import { describe, expect, it } from '@jest/globals'
import { s3Storage } from '@payloadcms/storage-s3'
import type { CollectionConfig, Config, Field } from 'payload'

import { hasRichText, richTextEditor } from '@/admin/richText'
import { storageOptions, withoutBucket } from '@/media/storage'

/** Functions compared by their source: the plugins' hooks are the same code either way. */
const shape = (config: Config | Promise<Config>) =>
  Promise.resolve(config).then((resolved) =>
    JSON.parse(
      JSON.stringify(resolved, (_key, value) =>
        typeof value === 'function' ? `fn ${String(value)}` : value,
      ),
    ),
  )

const bare = (): Config =>
  ({
    collections: [
      { fields: [{ name: 'alt', type: 'text' }], slug: 'media', upload: true },
      { fields: [{ name: 'title', type: 'text' }], slug: 'notes' },
    ] as CollectionConfig[],
    secret: 'x',
  }) as Config

describe('the storage plugin without a bucket', () => {
  it('adds what the S3 plugin adds when disabled: its fields, hooks and admin entries', async () => {
    const options = storageOptions()
    expect(options.enabled).toBe(false)
    const ours = await shape(withoutBucket(options)(bare()))
    const theirs = await shape(s3Storage(options)(bare()))
    expect(ours).toEqual(theirs)
    // Not equal by being empty: the prefix field and the upload handler's entry are there.
    const media = ours.collections.find((c: CollectionConfig) => c.slug === 'media')
    expect(media.fields.map((f: { name: string }) => f.name)).toContain('prefix')
    expect(ours.admin.dependencies).toHaveProperty([
      '@payloadcms/storage-s3/client#S3ClientUploadHandler',
    ])
  })

  it('differs from the S3 plugin with a bucket (the comparison can fail)', async () => {
    const options = { ...storageOptions(), bucket: 'photos', enabled: true }
    expect(await shape(withoutBucket(options)(bare()))).not.toEqual(
      await shape(s3Storage(options)(bare())),
    )
  })
})

describe('the rich-text editor', () => {
  const nested = (inner: Field): Field[] => [
    { name: 'a', type: 'text' },
    {
      name: 'rows',
      type: 'array',
      fields: [{ type: 'tabs', tabs: [{ label: 'T', fields: [inner] }] }],
    },
  ]

  it('is Lexical for a config with a rich-text field at any depth, and none without one', async () => {
    expect(hasRichText(nested({ name: 'body', type: 'richText' }))).toBe(true)
    expect(
      hasRichText([
        {
          name: 'b',
          type: 'blocks',
          blocks: [{ slug: 'x', fields: nested({ name: 'c', type: 'richText' }) }],
        },
      ]),
    ).toBe(true)
    expect(hasRichText(nested({ name: 'body', type: 'textarea' }))).toBe(false)
    expect(richTextEditor([{ fields: nested({ name: 'body', type: 'textarea' }) }])).toBeUndefined()
    const provider = richTextEditor([{ fields: nested({ name: 'body', type: 'richText' }) }])
    expect(provider).toBeDefined()
  })

  it('the service’s own config has no rich-text field, so no process loads Lexical', async () => {
    const { default: config } = await import('@payload-config')
    const sanitized = await config
    expect(sanitized.editor).toBeUndefined()
  })
})
