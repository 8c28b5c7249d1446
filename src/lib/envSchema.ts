/**
 * The pieces every settings schema is built from (src/lib/settings.ts), so that every variable
 * follows one rule: unset or blank takes the documented default; anything else must be a value
 * of the variable's kind, or the start stops with a message naming the variable.
 */
import { z } from 'zod'

/** A setting the process cannot run with. Start-up reports its message alone, without a stack. */
export class ConfigError extends Error {}

/** A blank variable counts as unset, so that `NAME=` in a .env file means "the default". */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((raw) => (typeof raw === 'string' && raw.trim() === '' ? undefined : raw), schema)

type Bounds = { integer?: boolean; max?: number; min?: number }

/** A number (a whole one if `integer`) from `min` (0 unless said) to `max`. */
const boundedNumber = ({ integer = false, max, min = 0 }: Bounds) => {
  const rule = `${integer ? 'an integer' : 'a number'} ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}`
  let schema = z.coerce.number({ error: rule }).min(min, { error: rule })
  if (max !== undefined) schema = schema.max(max, { error: rule })
  return integer ? schema.int({ error: rule }) : schema
}

export const numberSetting = (fallback: number, bounds: Bounds = {}) =>
  blankIsUnset(boundedNumber(bounds).default(fallback))

/** A whole number of at least 1: a count, a size, a period. */
export const wholeAtLeastOne = (fallback: number) =>
  numberSetting(fallback, { integer: true, min: 1 })

/** A number within `bounds`, undefined when unset (the setting is then worked out from others). */
export const optionalNumberSetting = (bounds: Bounds = {}) =>
  blankIsUnset(boundedNumber(bounds).optional())

const flag = z.enum(['true', 'false'], { error: 'true or false' }).transform((v) => v === 'true')

/** `true` or `false`. */
export const flagSetting = (fallback: boolean) => blankIsUnset(flag.default(fallback))

/** `true` or `false`, undefined when unset (the setting is then worked out from others). */
export const optionalFlagSetting = () => blankIsUnset(flag.optional())

/** One of `values`. */
export const choiceSetting = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) => blankIsUnset(z.enum(values, { error: `one of ${values.join(', ')}` }).default(fallback))

const httpAddress = (error: string) =>
  z.url({ error, protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))

/** An http(s) address, without trailing slashes; undefined when unset. */
export const addressSetting = () => blankIsUnset(httpAddress('an http or https address').optional())

/** Comma-separated items, each `item`; none when unset. */
const listSetting = (item: z.ZodType<string, string>) =>
  blankIsUnset(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(item))
      .default([]),
  )

/**
 * Comma-separated words from `values` (each at most once), or `none` for none of them; `fallback`
 * when unset.
 */
export const choiceListSetting = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: readonly T[number][],
) => {
  const error = `a comma-separated list of ${values.join(', ')}, or none`
  return blankIsUnset(
    z
      .string()
      .transform((value) =>
        value.trim() === 'none'
          ? []
          : value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
      )
      .pipe(
        z
          .array(z.enum(values, { error }))
          .refine((list) => new Set(list).size === list.length, { error }),
      )
      .default([...fallback]),
  )
}

/** Comma-separated http(s) addresses; none when unset. */
export const addressListSetting = () =>
  listSetting(httpAddress('a comma-separated list of http or https addresses'))

/** Comma-separated postgres:// (or postgresql://) connection strings; none when unset. */
export const postgresUrlListSetting = () =>
  listSetting(
    z.string().regex(/^postgres(ql)?:\/\/\S+$/, {
      error: 'a comma-separated list of postgres:// connection strings',
    }),
  )

/** Free text, taken as it is. */
export const textSetting = (fallback: string) => blankIsUnset(z.string().default(fallback))

/** Free text, undefined when unset. */
export const optionalTextSetting = () => blankIsUnset(z.string().optional())

/**
 * The variables `schema` describes, from the environment. Every bad variable is named in one
 * ConfigError: `PORT must be an integer from 0 to 65535, got "eighty"`.
 */
export const readEnv = <T extends z.ZodObject>(schema: T): z.output<T> => {
  const result = schema.safeParse(process.env)
  if (result.success) return result.data
  const named = new Map<string, string>()
  for (const issue of result.error.issues) {
    const name = String(issue.path[0])
    if (!named.has(name))
      named.set(name, `${name} must be ${issue.message}, got "${process.env[name]}"`)
  }
  throw new ConfigError([...named.values()].join('; '))
}
