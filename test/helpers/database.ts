import crypto from 'node:crypto'

import pg from 'pg'

const server = (): string => {
  const url = process.env.TEST_DATABASE_SERVER
  if (!url)
    throw new Error('TEST_DATABASE_SERVER is not set: run the tests through jest (globalSetup)')
  return url
}

const withClient = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: server() })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** A new, empty database on the test server; returns its connection string. */
export const createTestDatabase = async (): Promise<{ drop: () => Promise<void>; url: string }> => {
  const name = `commerce_test_${crypto.randomBytes(6).toString('hex')}`
  await withClient((client) => client.query(`create database ${name}`))
  const url = new URL(server())
  url.pathname = `/${name}`
  return {
    drop: () =>
      withClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => {},
      ),
    url: url.toString(),
  }
}
