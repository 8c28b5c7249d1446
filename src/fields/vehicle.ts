import type { Field } from 'payload'

/** Descriptive fields a vehicle and a vehicle spec share (the contract requires all but trim). */
export const vehicleDescriptionFields: Field[] = [
  { name: 'make', type: 'text', index: true, required: true },
  { name: 'model', type: 'text', index: true, required: true },
  { name: 'trim', type: 'text' },
  { name: 'engine', type: 'text', required: true },
  { name: 'drivetrain', type: 'text', required: true },
  { name: 'bodyStyle', type: 'text', required: true },
  { name: 'transmission', type: 'text', required: true },
]
