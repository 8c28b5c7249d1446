import crypto from 'node:crypto'

const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'

/** 17 random characters of the VIN alphabet (format-valid; check digit not considered). */
export const randomVin = (): string =>
  Array.from(crypto.randomBytes(17), (byte) => VIN_ALPHABET[byte % VIN_ALPHABET.length]).join('')

const vehicleSpec = () => ({
  bodyStyle: 'SUV',
  drivetrain: 'AWD',
  engine: '2.0L I4',
  make: 'Mazda',
  model: 'CX-5',
  transmission: 'automatic',
  year: 2021,
})

/** Minimal valid bodies of new records; credit records point at the seeded demo data. */
export const sampleRecords = {
  consumer: () => ({
    birthDate: '1990-01-01',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '2135550100',
  }),
  contact: () => ({ firstName: 'Cleo' }),
  'credit-app': () => ({
    consumer: 'con_demo_maria',
    preApproval: 'pre_demo_maria',
    vehicle: '4T1B11HK7NU000123',
  }),
  'credit-report': () => ({ creditScore: 700 }),
  lead: () => ({ firstName: 'Lee' }),
  'pre-approval': () => ({ creditBand: 'crb_demo_prime', validUntilTime: '2030-01-01T00:00:00Z' }),
  vehicle: () => ({ ...vehicleSpec(), vin: randomVin() }),
  'vehicle-spec': vehicleSpec,
}
