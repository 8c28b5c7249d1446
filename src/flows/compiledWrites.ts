import { settings } from '@/lib/settings'

/** The COMPILED_WRITES switch (docs/configuration.md): false sends every write through Payload. */
export const compiledWritesOn = (): boolean => settings('database').COMPILED_WRITES
