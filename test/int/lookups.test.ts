/** Endpoints 18 (TCO) and 19 (listing details) over HTTP, with the offline decoder and model. */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { contractValidator } from '../helpers/contract'
import { sendJson } from '../helpers/http'
import type { PrincipalName } from '../helpers/principals'
import { useTestService } from '../helpers/service'
import { expectTcoInvariants } from '../helpers/tco'

const context = useTestService({ principals: true, seed: true })
let conforms: ReturnType<typeof contractValidator>
beforeAll(async () => {
  conforms = contractValidator(await (await context.service.api('/api/openapi.json')).json())
})

/** Every lookup answer must match the OpenAPI document. */
const get = async (path: string, caller: PrincipalName = 'integrator') => {
  const response = await sendJson(context.service, 'GET', `/api${path}`, {
    headers: context.who[caller].headers,
  })
  if (/^\/(tco|listings)\//.test(path)) expect(conforms('GET', path, response)).toEqual([])
  return response
}

const ACCORD = '1HGCM82633A004352' // 2003 Honda Accord EX-V6 coupe
const COROLLA = '2T1BURHE0JC074236' // 2018 Toyota Corolla
const UNKNOWN = 'ZZZZZZZZZZZZZZZZZ' // well-formed, but no manufacturer has it

describe('18. GET /tco/{vin}', () => {
  it('answers the 2.17 shape from the offline model, with the ZIP echoed and the state it implies', async () => {
    const response = await get(`/tco/${ACCORD}?zip=90210`)
    expect(response.status).toBe(200)
    expect(response.body.vehicle).toEqual({
      make: 'Honda',
      model: 'Accord',
      vin: ACCORD,
      year: '2003',
    })
    expect(response.body.zip).toBe('90210')
    expect(response.body.assumptions).toMatchObject({
      identitySource: 'decoder',
      milesPerYear: 15000,
      odometer: (new Date().getUTCFullYear() - 2003) * 15000,
      odometerSource: 'estimated: vehicle age × miles per year',
      performance: false,
      // The table has a 2003 anchor of the Accord, and the decoder's trim is on the ladder.
      confidence: 'high',
      confidenceNote: "the line's own row at its model year and trim",
      priceBasis: 'table',
      priceDefaulted: true,
      priceSource: expect.stringMatching(
        /^estimated new price: base MSRP and destination of the Honda Accord from the new-price table .*model year 2003,/,
      ),
      salesTaxPercent: 7.25,
      segment: 'car',
      source: 'model',
      state: 'CA',
      vendor: 'not configured',
    })
    expectTcoInvariants(response.body.tco, 15000)
    // A 23-year-old car: out of warranty, so repairs in every year.
    for (const year of Object.values(response.body.tco.years) as { repairs: number }[])
      expect(year.repairs).toBeGreaterThan(0)
  })

  it('uses the listing price and EPA economy, and a caller’s overrides', async () => {
    await context.service.payload.create({
      collection: 'listing',
      data: { combinedMpg: 32, miles: 41000, price: 15000, used: true, vin: COROLLA },
    })
    const response = await get(
      `/tco/${COROLLA}?zip=10001&milesPerYear=10000&downPaymentPercent=20&termMonths=48&apr=5.5`,
    )
    expect(response.status).toBe(200)
    expect(response.body.assumptions).toMatchObject({
      apr: 5.5,
      downPaymentPercent: 20,
      economy: { source: 'listing (EPA combined)', unit: 'miles per gallon', value: 32 },
      milesPerYear: 10000,
      odometer: 41000,
      odometerSource: 'listing',
      price: 15000,
      priceDefaulted: false,
      priceSource: 'listing',
      state: 'NY',
      termMonths: 48,
      vendor: 'not asked: the query overrides assumptions',
    })
    expectTcoInvariants(response.body.tco, 10000)
    // A 48-month loan is paid off in year 4: no interest in year 5.
    expect(response.body.tco.years['5'].financeInterest).toBe(0)
    expect(response.body.tco.years['1'].financeInterest).toBeGreaterThan(0)
  })

  it('costs a plug-in hybrid half on electricity, naming its figures in the assumptions', async () => {
    const PRIME = 'JTDACAAU0P3012345' // not North American: no check digit to satisfy
    await context.service.payload.create({
      collection: 'listing',
      data: {
        combinedMpg: 52,
        fuel: 'Plug-in Hybrid',
        kwhPer100Miles: 26,
        make: 'Toyota',
        model: 'Prius Prime',
        price: 33_000,
        style: 'Hatchback',
        vin: PRIME,
        year: new Date().getUTCFullYear(),
      },
    })
    const response = await get(`/tco/${PRIME}?zip=90210`)
    expect(response.status).toBe(200)
    const { economy, fuelPrice } = response.body.assumptions
    expect(economy).toMatchObject({
      plugIn: { electricShare: 0.5, electricityPrice: expect.any(Number), kwhPer100Miles: 26 },
      source: 'listing (EPA combined)',
      value: 52,
    })
    expect(response.body.assumptions.segment).toBe('hybrid')
    expect(response.body.tco.years['1'].fuel).toBe(
      Math.round((7500 / 52) * fuelPrice.value + 7500 * 0.26 * economy.plugIn.electricityPrice),
    )
  })

  it('costs a plug-in hybrid decoded from its VIN alone as one', async () => {
    const response = await get('/tco/JTDKARFP0L3000000') // 2020 Toyota Prius Prime (PHEV)
    expect(response.status).toBe(200)
    expect(response.body.assumptions).toMatchObject({
      economy: { plugIn: { electricShare: 0.5, kwhPer100Miles: 30 }, value: 45 },
      identitySource: 'decoder',
      segment: 'hybrid',
    })
  })

  it('prices a cash purchase with no loan: no finance interest, named in the assumptions', async () => {
    const financed = await get(`/tco/${ACCORD}?zip=90210`)
    const cash = await get(`/tco/${ACCORD}?zip=90210&purchase=cash`)
    expect(cash.status).toBe(200)
    expect(cash.body.assumptions).toMatchObject({
      downPaymentPercent: 100,
      purchase: 'cash',
      vendor: 'not asked: the query overrides assumptions',
    })
    expect(financed.body.assumptions).toMatchObject({
      downPaymentPercent: 10,
      purchase: 'financed',
    })
    expect(cash.body.tco.total.financeInterest).toBe(0)
    expect(financed.body.tco.total.financeInterest).toBeGreaterThan(0)
    expect(cash.body.tco.total.tcoPrice).toBe(
      financed.body.tco.total.tcoPrice - financed.body.tco.total.financeInterest,
    )
    const explicit = await get(`/tco/${ACCORD}?zip=90210&purchase=financed&apr=4`)
    expect(explicit.body.assumptions).toMatchObject({ apr: 4, purchase: 'financed' })
  })

  it('applies staff overrides from the TCO settings global', async () => {
    const before = await get(`/tco/${ACCORD}?zip=90210`)
    await context.service.payload.updateGlobal({
      data: { states: [{ registrationFee: 0, salesTaxPercent: 10, state: 'CA', titleFee: 0 }] },
      slug: 'tco-settings',
    })
    const after = await get(`/tco/${ACCORD}?zip=90210`)
    await context.service.payload.updateGlobal({ data: { states: [] }, slug: 'tco-settings' })
    const price = after.body.assumptions.price
    expect(after.body.assumptions.salesTaxPercent).toBe(10)
    expect(after.body.tco.years['1'].taxesAndFees).toBe(Math.round(price * 0.1))
    expect(after.body.tco.years['2'].taxesAndFees).toBe(0)
    expect(before.body.tco.years['2'].taxesAndFees).toBe(150)
  })

  it('applies staff overrides of the new-price table, premium fuel and maintenance assumptions', async () => {
    const GT3_RS = 'WP0AF2A99KS165242' // 2019 Porsche 911 GT3 RS: an estimated price, premium fuel
    const before = await get(`/tco/${GT3_RS}?zip=90210`)
    expect(before.body.assumptions).toMatchObject({
      fuelPrice: { grade: 'premium' },
      performance: true,
      priceDefaulted: true,
      priceSource: expect.stringMatching(/^estimated new price/),
    })
    expect(before.body.assumptions.newPrice).toBeGreaterThan(150_000)
    expect(before.body.assumptions.priceBasis).toBe('table')
    const row = { make: 'Porsche', model: '911', source: 'test sheet', year: 2019 }
    const update = await sendJson(context.service, 'POST', '/api/globals/tco-settings', {
      body: {
        maintenancePerMile: 0.1,
        newPrices: [{ ...row, destination: 0, msrp: 100_000 }],
        premiumFuelExtra: 2,
      },
      headers: context.who.staffAdmin.headers,
    })
    expect(update.status).toBe(200)
    const after = await get(`/tco/${GT3_RS}?zip=90210`)
    await context.service.payload.updateGlobal({
      data: { maintenancePerMile: null, newPrices: [], premiumFuelExtra: null },
      slug: 'tco-settings',
    })
    expect(after.body.assumptions.premiumFuelExtra).toBe(2)
    expect(after.body.assumptions.fuelPrice.value).toBeCloseTo(
      before.body.assumptions.fuelPrice.value - 0.85 + 2,
      2,
    )
    expect(after.body.tco.total.fuel).toBeGreaterThan(before.body.tco.total.fuel)
    expect(after.body.tco.total.maintenance).toBeGreaterThan(before.body.tco.total.maintenance)
    // The staff row replaces the table's 2019 price of the line: times the 911's GT3 RS ladder.
    expect(after.body.assumptions.newPrice).toBe(Math.round(100_000 * 2.05))
    expect(after.body.assumptions.priceSource).toMatch(/new-price table \(price-history, staff\)/)
    const reset = await get(`/tco/${GT3_RS}?zip=90210`)
    expect(reset.body.assumptions.newPrice).toBe(before.body.assumptions.newPrice)
  })

  it('applies staff residual rules and maintenance schedule, and names them in the assumptions', async () => {
    const GT3_RS = 'WP0AF2A99KS165242'
    const before = await get(`/tco/${GT3_RS}?zip=90210`)
    expect(before.body.assumptions).toMatchObject({ residual: 0.45 })
    expect(before.body.assumptions.maintenanceSchedule).toContainEqual({
      cost: 700,
      everyMiles: 45_000,
      item: 'tyres',
    })
    const update = await sendJson(context.service, 'POST', '/api/globals/tco-settings', {
      body: {
        maintenanceSchedule: [{ cost: 5000, everyMiles: 10_000, item: 'track service' }],
        residuals: [
          { match: 'Porsche 911', residual: 1.5 },
          { match: 'Porsche', residual: 0.5 },
        ],
      },
      headers: context.who.staffAdmin.headers,
    })
    expect(update.status).toBe(200)
    const after = await get(`/tco/${GT3_RS}?zip=90210`)
    await context.service.payload.updateGlobal({
      data: { maintenanceSchedule: [], residuals: [] },
      slug: 'tco-settings',
    })
    expect(after.body.assumptions).toMatchObject({
      maintenanceSchedule: [{ cost: 5000, everyMiles: 10_000, item: 'track service' }],
      residual: 1.5,
    })
    // Holding its value worse, the six-year-old car is worth less today.
    expect(after.body.assumptions.price).toBeLessThan(before.body.assumptions.price)
    expect(after.body.tco.total.maintenance).toBeGreaterThan(3 * before.body.tco.total.maintenance)
    const reset = await get(`/tco/${GT3_RS}?zip=90210`)
    expect(reset.body.tco).toEqual(before.body.tco)
  })

  it.each([
    ['a residual of 0', { residuals: [{ match: 'Kia', residual: 0 }] }, 'residuals.0.residual'],
    ['a residual rule without a match', { residuals: [{ residual: 1 }] }, 'residuals.0.match'],
    [
      'a lump every 10 miles',
      { maintenanceSchedule: [{ cost: 10, everyMiles: 10 }] },
      'maintenanceSchedule.0.everyMiles',
    ],
    [
      'a lump without a cost',
      { maintenanceSchedule: [{ everyMiles: 30_000 }] },
      'maintenanceSchedule.0.cost',
    ],
    [
      'a new price in a fractional model year',
      { newPrices: [{ make: 'Kia', model: 'Rio', msrp: 15_000, source: 'sheet', year: 2012.5 }] },
      'newPrices.0.year',
    ],
    [
      'a new price without its source',
      { newPrices: [{ make: 'Kia', model: 'Rio', msrp: 15_000, year: 2012 }] },
      'newPrices.0.source',
    ],
    [
      'a new price of an unknown powertrain',
      {
        newPrices: [
          { make: 'Kia', model: 'Rio', msrp: 15_000, powertrain: 'steam', source: 's', year: 2012 },
        ],
      },
      'newPrices.0.powertrain',
    ],
  ])('400 naming the field for TCO settings with %s', async (_name, body, path) => {
    const response = await sendJson(context.service, 'POST', '/api/globals/tco-settings', {
      body,
      headers: context.who.staffAdmin.headers,
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body)).toContain(path)
  })

  it('lets only admins change the TCO settings', async () => {
    const response = await sendJson(context.service, 'POST', '/api/globals/tco-settings', {
      body: { residuals: [{ match: 'Kia', residual: 2 }] },
      headers: context.who.staff.headers,
    })
    expect(response.status).toBe(403)
  })

  it('works without a ZIP (national figures, no zip echo) and for a vehicle record of the service', async () => {
    const response = await get('/tco/JTMRWRFV4LD000321')
    expect(response.status).toBe(200)
    expect(response.body).not.toHaveProperty('zip')
    expect(response.body.vehicle).toEqual({
      make: 'Toyota',
      model: 'RAV4',
      vin: 'JTMRWRFV4LD000321',
      year: expect.any(String),
    })
    expect(response.body.assumptions).toMatchObject({ identitySource: 'vehicle', state: null })
  })

  it.each([
    ['too short', '1HGCM82633A00435', 'Invalid VIN: a VIN has 17 characters, this one has 16'],
    [
      'a letter O',
      '1HGCM82633AO04352',
      'Invalid VIN: a VIN uses digits and capital letters except I, O and Q',
    ],
    [
      'a wrong check digit',
      '1HGCM82693A004352',
      'Invalid VIN: the check digit (position 9) should be 3',
    ],
  ])('400 for a VIN with %s', async (_name, vin, message) => {
    const response = await get(`/tco/${vin}`)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      error: { code: 400, details: [{ field: 'vin' }], message },
      success: false,
    })
  })

  it.each([
    ['zip=9021', 'zip', 'Invalid ZIP: write it as 12345 or 12345-6789'],
    ['zip=90210-12', 'zip', 'Invalid ZIP: write it as 12345 or 12345-6789'],
    [
      'milesPerYear=lots',
      'milesPerYear',
      'Invalid milesPerYear: must be an integer from 1000 to 100000',
    ],
    ['termMonths=0', 'termMonths', 'Invalid termMonths: must be an integer from 12 to 96'],
    ['apr=-1', 'apr', 'Invalid apr: must be a number from 0 to 40'],
    ['purchase=lease', 'purchase', 'Invalid purchase: must be cash or financed'],
    ['purchase=cash&apr=5', 'purchase', 'Invalid purchase: a cash purchase takes no apr'],
    [
      'purchase=cash&termMonths=36',
      'purchase',
      'Invalid purchase: a cash purchase takes no termMonths',
    ],
    [
      'purchase=financed&downPaymentPercent=100',
      'purchase',
      'Invalid purchase: a financed purchase needs a downPaymentPercent below 100',
    ],
    [
      'downPaymentPercent=101',
      'downPaymentPercent',
      'Invalid downPaymentPercent: must be a number from 0 to 100',
    ],
  ])('400 for %s', async (query, field, message) => {
    const response = await get(`/tco/${ACCORD}?${query}`)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      error: { code: 400, details: [{ field }], message },
      success: false,
    })
  })

  it('404 Vehicle Not Found for a VIN nothing knows or decodes', async () => {
    const response = await get(`/tco/${UNKNOWN}`)
    expect(response.status).toBe(404)
    expect(response.body).toEqual({
      error: { code: 404, message: 'Vehicle Not Found' },
      success: false,
    })
  })
})

describe('19. GET /listings/{vin}', () => {
  it('answers from the dealer’s listing and fills the rest from the decoder', async () => {
    const vin = '1G1ZT53826F109149' // 2006 Chevrolet Malibu LT
    await context.service.payload.create({
      collection: 'listing',
      data: {
        cpo: false,
        exteriorColors: [{ hex: '#C0C0C0', name: 'Silverstone Metallic' }],
        historyReportUrl: 'https://reports.example.com/1G1ZT53826F109149',
        interiorColors: [{ hex: '#1A1A1A', name: 'Ebony' }],
        miles: 128000,
        options: [{ code: 'AU0', description: 'Remote keyless entry' }],
        optionsMsrp: 450,
        photos: [{ url: 'https://photos.example.com/malibu-1.jpg' }],
        price: 4995,
        seats: 5,
        specs: [
          { available: true, category: 'Comfort', feature: 'Air conditioning' },
          { category: 'Audio', feature: 'Radio', value: 'AM/FM/CD' },
        ],
        used: true,
        vin,
      },
    })
    const response = await get(`/listings/${vin}`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      retailListing: {
        cpo: false,
        historyReportUrl: 'https://reports.example.com/1G1ZT53826F109149',
        miles: 128000,
        photos: ['https://photos.example.com/malibu-1.jpg'],
        price: 4995,
        used: true,
      },
      sources: { retailListing: 'listing', vehicle: 'listing and decoder', vendor: 'not asked' },
      specs: { Audio: { Radio: 'AM/FM/CD' }, Comfort: { 'Air conditioning': true } },
      vehicle: expect.objectContaining({
        baseInvoice: null,
        doors: 4,
        engine: '3.5L 6-cylinder (LX9)',
        exteriorColor: { 'Silverstone Metallic': '#C0C0C0' },
        fuel: 'Gasoline',
        interiorColor: { Ebony: '#1A1A1A' },
        make: 'Chevrolet',
        model: 'Malibu',
        options: { AU0: 'Remote keyless entry' },
        optionsMsrp: 450,
        seats: 5,
        style: 'Sedan',
        trim: 'LT',
        vin,
        year: 2006,
      }),
    })
    expect(response.body.vehicle.confidence).toBeGreaterThan(0.5)
    expect(response.body.vehicle.confidence).toBeLessThanOrEqual(1)
  })

  it('describes a decodable VIN that is not in the inventory, with no retail listing', async () => {
    const response = await get(`/listings/${ACCORD}`)
    expect(response.status).toBe(200)
    expect(response.body.retailListing).toBeNull()
    expect(response.body.vehicle).toMatchObject({
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-V6',
      vin: ACCORD,
      year: 2003,
    })
    expect(response.body.sources).toEqual({
      retailListing: null,
      vehicle: 'decoder',
      vendor: 'not configured',
    })
  })

  it('a vehicle record’s staff-entered facts win over the decoder’s, which fills only what the record lacks', async () => {
    const vin = 'JTMRWRFV4LD000321' // demo RAV4: vPIC decodes it as an XLE HV with 5 doors and its own engine name
    const response = await get(`/listings/${vin}`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      retailListing: null,
      sources: { retailListing: null, vehicle: 'vehicle and decoder', vendor: 'not configured' },
      specs: {},
      vehicle: {
        baseInvoice: null,
        confidence: 1,
        doors: 4,
        drivetrain: 'AWD',
        engine: '2.5L I4',
        exteriorColor: {},
        fuel: 'Hybrid',
        interiorColor: {},
        make: 'Toyota',
        model: 'RAV4',
        options: {},
        optionsMsrp: null,
        seats: 5,
        series: 'AXAA52L/AXAA54L/AXAH54L',
        style: 'SUV',
        transmission: '8-speed automatic',
        trim: 'XLE',
        vin,
        year: 2020,
      },
    })
  })

  it('precedence, field by field: listing, then vehicle record, then its spec, then the decoder', async () => {
    const vin = '2HGFC2F52JH000001' // vPIC: 2018 Honda Civic LX sedan, 4 doors, gasoline
    const { payload } = context.service
    const spec = await payload.create({
      collection: 'vehicle-spec',
      data: {
        bodyStyle: 'Sedan',
        drivetrain: 'FWD',
        engine: '2.0L I4 (spec)',
        invoice: 21000,
        make: 'Honda',
        model: 'Civic',
        transmission: 'CVT (spec)',
        trim: 'EX',
        year: 2018,
      },
    })
    await payload.create({
      collection: 'vehicle',
      data: {
        bodyStyle: 'Coupe',
        doorCount: 2,
        drivetrain: 'FWD',
        engine: '2.0L I4',
        make: 'Honda',
        model: 'Civic',
        seatCount: 4,
        spec: spec.id,
        transmission: 'CVT',
        vin,
        year: 2018,
      },
    })
    await payload.create({
      collection: 'listing',
      data: { price: 18000, transmission: '6-speed manual', vin },
    })
    const response = await get(`/listings/${vin}`)
    expect(response.body.sources).toEqual({
      retailListing: 'listing',
      vehicle: 'listing, vehicle, vehicle spec and decoder',
      vendor: 'not asked',
    })
    expect(response.body.vehicle).toEqual(
      expect.objectContaining({
        baseInvoice: 21000, // spec
        confidence: 1,
        doors: 2, // vehicle doorCount, not vPIC's 4
        drivetrain: 'FWD',
        engine: '2.0L I4', // vehicle, not the spec's or vPIC's
        fuel: 'Gasoline', // only vPIC knows it
        make: 'Honda',
        seats: 4, // vehicle seatCount
        series: null, // nobody knows it
        style: 'Coupe', // vehicle bodyStyle
        transmission: '6-speed manual', // listing
        trim: 'EX', // spec: the vehicle record has none
        year: 2018,
      }),
    )
  })

  it('400 for a malformed VIN and 404 for an unknown one', async () => {
    expect((await get('/listings/NOT-A-VIN')).body).toMatchObject({
      error: { code: 400 },
      success: false,
    })
    expect(await get(`/listings/${UNKNOWN}`)).toMatchObject({
      body: { error: { code: 404, message: 'Vehicle Not Found' }, success: false },
      status: 404,
    })
  })
})

describe('who may look up', () => {
  it.each([
    ['integrator', 200],
    ['clientAdmin', 200],
    ['staff', 200],
    ['staffAdmin', 200],
    ['leadAgent', 403],
    ['anonymous', 401],
    ['disabledClient', 401],
  ] as [PrincipalName, number][])('%s → %i on both lookups', async (caller, status) => {
    expect((await get(`/tco/${ACCORD}`, caller)).status).toBe(status)
    expect((await get(`/listings/${ACCORD}`, caller)).status).toBe(status)
  })
})

describe('listing photos and the lookup cache', () => {
  // The smallest valid PNG: one transparent pixel.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  )
  const upload = (caller: PrincipalName) => {
    const form = new FormData()
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'front.png')
    form.append('_payload', JSON.stringify({ alt: 'Front view' }))
    return context.service.api('/api/media', {
      body: form,
      headers: context.who[caller].headers,
      method: 'POST',
    })
  }

  it('staff upload a photo; the listing answers its public address', async () => {
    expect((await upload('integrator')).status).toBe(403)
    const response = await upload('staff')
    expect(response.status).toBe(201)
    const { doc } = await response.json()
    const vin = '3VWFE21C04M000001' // 2004 Volkswagen Beetle
    await context.service.payload.create({
      collection: 'listing',
      data: {
        photos: [{ image: doc.id }, { url: 'https://photos.example.com/beetle-2.jpg' }],
        price: 6500,
        vin,
      },
    })
    const listing = await get(`/listings/${vin}`)
    expect(listing.body.retailListing.photos).toEqual([
      expect.stringMatching(/\/api\/media\/file\/front(-\d+)?\.png$/),
      'https://photos.example.com/beetle-2.jpg',
    ])
    const file = await context.service.api(
      listing.body.retailListing.photos[0].replace(/^https?:\/\/[^/]+/, ''),
    )
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG)
  })

  it('a listing photo needs an image or a URL, and colors are hex', async () => {
    const response = await sendJson(context.service, 'POST', '/api/listing', {
      body: {
        exteriorColors: [{ hex: 'silver', name: 'Silver' }],
        photos: [{}],
        vin: '1FTFW1ET5DFC10312'.replace(/.$/, '2'),
      },
      headers: context.who.staff.headers,
    })
    expect(response.status).toBe(400)
    const paths = response.body.errors[0].data.errors
      .map((error: { path: string }) => error.path)
      .sort()
    expect(paths).toEqual(['exteriorColors.0.hex', 'photos'])
  })

  it('nobody writes the lookup cache through the API; admins may read it', async () => {
    const write = (caller: PrincipalName) =>
      sendJson(context.service, 'POST', '/api/lookup-cache', {
        body: { expiresAt: '2030-01-01T00:00:00Z', key: 'x', value: {} },
        headers: context.who[caller].headers,
      })
    expect((await write('staffAdmin')).status).toBe(403)
    expect((await write('clientAdmin')).status).toBe(403)
    expect((await get('/lookup-cache', 'staffAdmin')).status).toBe(200)
    expect((await get('/lookup-cache', 'staff')).status).toBe(403)
    expect((await get('/lookup-cache', 'integrator')).status).toBe(403)
  })
})
