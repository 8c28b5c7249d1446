import { checkDigitOf } from '../lookups/vin/validate'
import { vehicleModels } from './vocabulary'

/**
 * The VIN of serial number `serial` (0–999,999) of vehicle model `model`: a real model's prefix,
 * a valid check digit, so the service accepts it and vPIC decodes it.
 */
export const makeVin = (model: number, serial: number): string => {
  const { prefix } = vehicleModels[model % vehicleModels.length]
  const draft = `${prefix.slice(0, 8)}0${prefix.slice(8)}${String(serial % 1_000_000).padStart(6, '0')}`
  return draft.slice(0, 8) + checkDigitOf(draft) + draft.slice(9)
}
