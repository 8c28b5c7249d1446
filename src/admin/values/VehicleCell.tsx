/** A list cell naming a related vehicle by year, make, model and trim instead of its VIN. */
import type { DefaultServerCellComponentProps } from 'payload'
import React from 'react'

import { isRecord } from '@/lib/isRecord'

import { vehicleTitle } from './format'

export const VehicleCell = async ({ cellData, payload }: DefaultServerCellComponentProps) => {
  const value: unknown = isRecord(cellData) ? cellData.id : cellData
  const vin = typeof value === 'string' ? value : undefined
  if (!vin) return null
  const vehicle = await payload
    .findByID({ collection: 'vehicle', depth: 0, disableErrors: true, id: vin })
    .catch(() => null)
  return <span title={vin}>{(vehicle && vehicleTitle(vehicle)) || vin}</span>
}
