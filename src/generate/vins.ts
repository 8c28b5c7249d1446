import { checkDigitOf } from '@/validation/vin'

import { vehicleModels } from './vocabulary'

const models = vehicleModels.length
const draftOf = (model: number, serial: number) => {
  const { prefix } = vehicleModels[model % models]
  return `${prefix.slice(0, 8)}0${prefix.slice(8)}${String(serial % 1_000_000).padStart(6, '0')}`
}

/**
 * The VIN of serial number `serial` (0–999,999) of vehicle model `model`: a real model's prefix,
 * a valid check digit, so the service accepts it and vPIC decodes it.
 */
export const makeVin = (model: number, serial: number): string => {
  const draft = draftOf(model, serial)
  return draft.slice(0, 8) + checkDigitOf(draft) + draft.slice(9)
}

/**
 * The same VIN in SQL, for vehicle number `index` of a run whose serial numbers start at
 * `start`: model `index % 7`, serial `start + index / 7`. The check digit is the weighted sum of
 * the characters mod 11; the prefix's part is worked out here, the serial's (weights 7 to 2) in SQL.
 */
export const vinSql = (index: string, start: number): string => {
  const model = `(${index}) % ${models}`
  const serial = `((${start} + (${index}) / ${models}) % 1000000)`
  const list = (values: (number | string)[]) =>
    `(ARRAY[${values.map((value) => (typeof value === 'number' ? value : `'${value}'`)).join(', ')}])[1 + ${model}]`
  const prefixSums = vehicleModels.map((_, i) => '0123456789X'.indexOf(checkDigitOf(draftOf(i, 0))))
  const serialSum = [7, 6, 5, 4, 3, 2]
    .map((weight, i) => `${weight} * (${serial} / ${10 ** (5 - i)} % 10)`)
    .join(' + ')
  return `${list(vehicleModels.map(({ prefix }) => prefix.slice(0, 8)))}
    || substr('0123456789X', 1 + (${list(prefixSums)} + ${serialSum}) % 11, 1)
    || ${list(vehicleModels.map(({ prefix }) => prefix.slice(8)))} || lpad(${serial}::text, 6, '0')`
}
