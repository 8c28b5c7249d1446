/**
 * The `assumptions` of endpoint 18's answer (src/lookups/tco/lookup.ts, `modelAssumptions`), one
 * property each, so typed clients reach them. The adjustable ones take their texts from the
 * parameter table (src/lookups/tco/parameters.ts) the settings and the query are built from.
 */
import { TCO_QUERY, TCO_SETTINGS, type TcoSettingName } from '@/lookups/tco/parameters'

const number = (description: string) => ({ description, type: 'number' })
const integer = (description: string) => ({ description, type: 'integer' })
const text = (description: string) => ({ description, type: 'string' })
const nullable = (schema: { description: string; type: string }) => ({ ...schema, nullable: true })

/** A row of the parameter table as a property: its meaning, or its name's when it has none. */
const setting = (name: TcoSettingName, fallback: string) => {
  const row: { default: number; description?: string; integer?: boolean } = TCO_SETTINGS[name]
  return { description: row.description ?? fallback, type: row.integer ? 'integer' : 'number' }
}

export const tcoAssumptionProperties = {
  apr: number(
    `${TCO_QUERY.apr.description}: the new or used rate of the settings, or the query's \`apr\`.`,
  ),
  asOf: { description: 'The day the figures are priced at.', format: 'date', type: 'string' },
  downPaymentPercent: setting(
    'downPaymentPercent',
    'Down payment, percent of the price (100 for cash).',
  ),
  economy: {
    description: 'The fuel economy the running costs use.',
    properties: {
      plugIn: {
        description:
          'A plug-in hybrid: the share of miles driven on electricity, at the state’s price.',
        properties: {
          electricShare: number('Share of the miles on electricity, 0–1.'),
          electricityPrice: number('$ per kWh in the state.'),
          kwhPer100Miles: number('Electricity used on those miles.'),
        },
        type: 'object',
      },
      source: text(
        'Where the figure came from (the listing, the vehicle spec, or an estimate for its segment and era).',
      ),
      unit: { enum: ['miles per gallon', 'kWh per 100 miles'], type: 'string' },
      value: number('Miles per gallon, or kWh per 100 miles for an electric vehicle.'),
    },
    required: ['source', 'unit', 'value'],
    type: 'object',
  },
  fuelGrowthPercent: setting('fuelGrowthPercent', 'Yearly growth of fuel prices.'),
  fuelPrice: {
    description: 'The price of the fuel in year 1, in the state (national when no ZIP is given).',
    properties: {
      grade: { enum: ['regular', 'premium'], type: 'string' },
      unit: { enum: ['$ per gallon', '$ per kWh'], type: 'string' },
      value: number('The price.'),
    },
    required: ['unit', 'value'],
    type: 'object',
  },
  identitySource: text(
    'Where the year, make and model came from: the listing, the vehicle record, or the VIN decoder.',
  ),
  insuranceBase: setting('insuranceBase', 'National premium a year.'),
  insuranceFactor: number('The state’s factor on the national premium.'),
  insuranceGrowthPercent: setting('insuranceGrowthPercent', 'Yearly growth of premiums.'),
  maintenancePerMile: setting('maintenancePerMile', 'Routine maintenance, $ per mile.'),
  maintenanceSchedule: {
    description:
      'The lumps of the maintenance schedule, each paid when the odometer passes a multiple of its miles.',
    items: {
      properties: {
        cost: number('$ each time.'),
        everyMiles: integer('Every this many miles.'),
        item: text('What is done.'),
      },
      required: ['item', 'everyMiles', 'cost'],
      type: 'object',
    },
    type: 'array',
  },
  milesPerYear: setting('milesPerYear', 'Miles driven a year.'),
  newPrice: nullable(
    number(
      'The price of the vehicle new, when it was estimated (null when the price is a listing’s).',
    ),
  ),
  odometer: number('Miles on the odometer at the start.'),
  odometerSource: text(
    'Where the odometer reading came from (the listing, or an estimate from its age).',
  ),
  performance: {
    description: 'A performance car: maintenance (tyres, brakes) costs half as much again.',
    type: 'boolean',
  },
  premiumFuelExtra: setting('premiumFuelExtra', 'Premium over regular gasoline, $ per gallon.'),
  price: number('The price the costs start from.'),
  priceDefaulted: {
    description: 'True when no price was known and a default stood in.',
    type: 'boolean',
  },
  priceSource: text('Where the price came from, in words.'),
  purchase: { enum: ['financed', 'cash'], type: 'string' },
  registrationFee: setting('registrationFee', 'Registration every year.'),
  residual: number(
    'How the make and model hold their value against their segment (1: as the segment).',
  ),
  salesTaxCap: nullable(
    number('The most sales tax the state charges on a vehicle, when it caps it.'),
  ),
  salesTaxPercent: number('The state’s sales tax on the price, percent.'),
  segment: text('The segment whose depreciation and costs apply (car, suv, truck, …).'),
  source: {
    description: 'Who priced the answer: the service’s model or the vendor.',
    enum: ['model', 'vendor'],
    type: 'string',
  },
  sources: {
    additionalProperties: {
      properties: {
        date: text('When the source was read or published.'),
        source: text('The source.'),
      },
      required: ['date', 'source'],
      type: 'object',
    },
    description: 'Where each kind of figure comes from, and how recent it is.',
    type: 'object',
  },
  state: nullable(text('The state the ZIP lies in (null without a ZIP: national figures).')),
  termMonths: setting('termMonths', 'Loan term, months.'),
  titleFee: setting('titleFee', 'Title fee in year 1.'),
  vehicleAge: integer('Age of the vehicle in years at `asOf` (0 for a new one).'),
  vendor: text(
    'What the vehicle-data vendor answered, or why it was not asked (`not configured`, …).',
  ),
  vendorCached: {
    description: 'A vendor’s answer: whether it was served from the cache.',
    type: 'boolean',
  },
  warrantyMiles: integer(
    'Miles the basic factory warranty covers: the make’s own where longer than 36,000.',
  ),
  warrantyYears: integer(
    'Years the basic factory warranty covers: the make’s own where longer than 3.',
  ),
  years: integer('Years the costs cover.'),
}
