/** Endpoints 18 and 19: their parameters, and their answers (2.17, 2.18) with our additive fields. */
import { YEAR_FIELDS } from '@/lookups/tco/model'
import { tcoQuery } from '@/lookups/tco/query'

import { operation, tagged } from './operation'
import { queryParameters } from './queryParameters'
import { commerceErrors, json, ref } from './responses'
import { tcoAssumptionProperties } from './tcoAssumptions'

const number = { type: 'number' }
const numbers = (names: string[]) => ({
  properties: Object.fromEntries(names.map((name) => [name, number])),
  required: names,
  type: 'object',
})
const nullable = (type: string) => ({ nullable: true, type })
const stringMap = { additionalProperties: { type: 'string' }, type: 'object' }

export const lookupSchemas = {
  ListingDetails: {
    properties: {
      retailListing: {
        nullable: true,
        properties: {
          cpo: { type: 'boolean' },
          historyReportUrl: nullable('string'),
          miles: nullable('number'),
          photos: { items: { type: 'string' }, type: 'array' },
          price: nullable('number'),
          used: { type: 'boolean' },
        },
        type: 'object',
      },
      sources: {
        description: 'Where the answer came from.',
        type: 'object',
      },
      specs: {
        additionalProperties: {
          additionalProperties: { oneOf: [{ type: 'boolean' }, { type: 'string' }] },
          type: 'object',
        },
        type: 'object',
      },
      vehicle: {
        properties: {
          baseInvoice: nullable('number'),
          confidence: { maximum: 1, minimum: 0, type: 'number' },
          doors: nullable('integer'),
          drivetrain: nullable('string'),
          engine: nullable('string'),
          exteriorColor: stringMap,
          fuel: nullable('string'),
          interiorColor: stringMap,
          make: { type: 'string' },
          model: { type: 'string' },
          options: stringMap,
          optionsMsrp: nullable('number'),
          seats: nullable('integer'),
          series: nullable('string'),
          style: nullable('string'),
          transmission: nullable('string'),
          trim: nullable('string'),
          vin: { type: 'string' },
          year: { type: 'integer' },
        },
        required: ['vin', 'year', 'make', 'model'],
        type: 'object',
      },
    },
    required: ['vehicle', 'retailListing', 'specs'],
    type: 'object',
  },
  TcoResult: {
    properties: {
      assumptions: {
        description:
          "The inputs, rates and sources behind the figures. A vendor's answer carries the vendor's own, with `source: vendor` and `vendorCached`.",
        properties: {
          ...tcoAssumptionProperties,
          confidence: {
            description:
              "How far the model's price can be trusted: `high` (a listing's or spec's price, or the line's own row at its model year and trim), `medium` (the line's row at an unknown trim, a sibling year within three years, or a measured step of a performance or long-wheelbase version over its base line), `low` (a sibling year further away, or a fallback: a line the table does not have, priced at its make's or segment's median). Absent from a vendor's answer.",
            enum: ['high', 'medium', 'low'],
            type: 'string',
          },
          confidenceNote: {
            description:
              "Why `confidence` is what it is, in a sentence; a make or segment median fallback starts with 'fallback:'. Absent from a vendor's answer.",
            type: 'string',
          },
          priceBasis: {
            description:
              "Where the model's price came from: the listing, the vehicle spec's MSRP, the new-price table at the model year, the table at its nearest year, the table's base line at a measured step (a performance, luxury or long-wheelbase version without a row of its own: AMG, M, RS, S, SRT, V-series, Type R, N, GR), or the segment's default for a line the table does not have (see `confidence`). Absent from a vendor's answer.",
            enum: ['listing', 'spec', 'table', 'table-nearest-year', 'table-step', 'segment'],
            type: 'string',
          },
        },
        type: 'object',
      },
      tco: {
        properties: {
          total: numbers([...YEAR_FIELDS, 'federalTaxCredit']),
          years: { additionalProperties: numbers([...YEAR_FIELDS]), type: 'object' },
        },
        required: ['total', 'years'],
        type: 'object',
      },
      vehicle: {
        properties: {
          make: { type: 'string' },
          model: { type: 'string' },
          vin: { type: 'string' },
          year: { type: 'string' },
        },
        required: ['vin', 'year', 'make', 'model'],
        type: 'object',
      },
      zip: { type: 'string' },
    },
    required: ['vehicle', 'tco'],
    type: 'object',
  },
}

const vinParam = {
  description:
    'Vehicle identification number: 17 characters, check digit enforced for North American VINs.',
  in: 'path',
  name: 'vin',
  required: true,
  schema: { example: '1HGCM82633A004352', type: 'string' },
}
const tcoParameters = [
  vinParam,
  // The ZIP first, then the assumptions a caller may override.
  ...queryParameters(tcoQuery.pick({ zip: true })),
  ...queryParameters(tcoQuery.omit({ zip: true })),
]

const lookup = tagged('Vehicle lookups')

export const lookupPaths = {
  '/tco/{vin}': {
    get: operation(
      lookup(
        'getTotalCostOfOwnership',
        '18. Total cost of ownership of a VIN',
        "Five years of ownership costs of the vehicle, year by year and in total, from the vendor when one is configured and answers, else from the service's own model; `assumptions` tells the inputs and sources.",
      ),
      {
        parameters: tcoParameters,
        responses: {
          200: { content: json(ref('TcoResult')), description: 'Five-year cost of ownership' },
          ...commerceErrors('Vehicle Not Found'),
        },
      },
    ),
  },
  '/listings/{vin}': {
    get: operation(
      lookup(
        'getListingDetails',
        '19. Listing details of a VIN (also at LISTING_URL)',
        "The vehicle (from the dealer's listing, the vehicle record and the offline VIN decoder, in that order), its retail listing (null when none is known) and its specifications; `sources` tells where each came from.",
      ),
      {
        parameters: [vinParam],
        responses: {
          200: { content: json(ref('ListingDetails')), description: 'Listing details' },
          ...commerceErrors('Vehicle Not Found'),
        },
      },
    ),
  },
}
