/** Settings of what the service runs on: the database, local files, object storage, the job runner and logging. */
import { z } from 'zod'

import {
  addressSetting,
  choiceSetting,
  flagSetting,
  numberSetting,
  optionalFlagSetting,
  optionalTextSetting,
  postgresUrlListSetting,
  textSetting,
} from '../envSchema'

export const database = z.object({
  /** Longest wait for a new PostgreSQL connection to be ready (pool, LISTEN, job runner). */
  DATABASE_CONNECT_TIMEOUT_MS: numberSetting(10_000, { integer: true, min: 1 }),
  /**
   * Longest run of one query: PostgreSQL cancels it (statement_timeout), and a connection that
   * has not answered a query a second after that is closed (src/db/pooledQueries.ts). 0: none.
   */
  DATABASE_QUERY_TIMEOUT_MS: numberSetting(30_000, { integer: true, min: 0 }),
  /**
   * PostgreSQL's JIT compilation for the service's own connections (src/db/pooledQueries.ts
   * sessionOptions); false sends `jit=off` with each connection. The server's setting otherwise.
   */
  DATABASE_JIT: flagSetting(false),
  /** How long after a caller's write their reads go to the primary (src/http/readYourWrites.ts). */
  DATABASE_READ_AFTER_WRITE_MS: numberSetting(2_000, { integer: true, min: 0 }),
  /** Read replicas of DATABASE_URL; reads outside transactions go to them. */
  DATABASE_READ_URLS: postgresUrlListSetting(),
  /** Commerce reads as one compiled SQL statement (src/reads); false: every read through Payload. */
  COMPILED_READS: flagSetting(true),
  /**
   * Endpoint 4's consumer create and the lead agents' lead-event PATCH as compiled writes
   * (src/flows); false: both through Payload's create and update.
   */
  COMPILED_WRITES: flagSetting(true),
})

export const files = z.object({
  DATA_DIR: textSetting('.data'),
  /** Default: $DATA_DIR/media. */
  MEDIA_DIR: optionalTextSetting(),
  /** Default: $DATA_DIR/vpic/vpic.lite.db. */
  VPIC_DB_PATH: optionalTextSetting(),
})

export const jobs = z.object({
  JOBS_POLL_MS: numberSetting(1000, { min: 10 }),
  JOBS_RUNNER: choiceSetting(['in-process', 'off'], 'in-process'),
})

export const logging = z.object({
  /** Set by the CLI scripts, whose stdout is their result. */
  LOG_DESTINATION: choiceSetting(['stdout', 'stderr'], 'stdout'),
  LOG_LEVEL: choiceSetting(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], 'info'),
  LOG_PRETTY: flagSetting(false),
})

export const storage = z.object({
  S3_ACCESS_KEY_ID: optionalTextSetting(),
  /** Unset: uploaded files stay in MEDIA_DIR (src/media/storage.ts). */
  S3_BUCKET: optionalTextSetting(),
  /** An S3-compatible server's address (MinIO, …); unset: AWS. */
  S3_ENDPOINT: addressSetting(),
  /** Address buckets by path; default: when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: optionalFlagSetting(),
  /** A folder in the bucket for this deployment's files. */
  S3_PREFIX: textSetting(''),
  /** Serve files from here (a public bucket or a CDN) instead of through the service. */
  S3_PUBLIC_URL: addressSetting(),
  S3_REGION: textSetting('us-east-1'),
  S3_SECRET_ACCESS_KEY: optionalTextSetting(),
})
