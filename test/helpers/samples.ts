import crypto from 'node:crypto'

const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'

/** 17 random characters of the VIN alphabet (format-valid; check digit not considered). */
export const randomVin = (): string =>
  Array.from(crypto.randomBytes(17), (byte) => VIN_ALPHABET[byte % VIN_ALPHABET.length]).join('')
