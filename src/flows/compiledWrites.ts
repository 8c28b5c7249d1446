import { settings } from '@/lib/settings'

let setting: { enabled: boolean; raw?: string } | undefined

/**
 * The COMPILED_WRITES switch (docs/configuration.md): false sends every write through Payload.
 * Parsed again only when the variable changes (parsing the settings is not free on every write).
 */
export const compiledWritesOn = (): boolean => {
  const raw = process.env.COMPILED_WRITES
  if (!setting || setting.raw !== raw)
    setting = { enabled: settings('database').COMPILED_WRITES, raw }
  return setting.enabled
}
