/** Where each table of the TCO model comes from; returned in `assumptions.sources`. */
export const SOURCES = {
  conventions: {
    date: '2025',
    source:
      'Conventions of Edmunds True Cost to Own, KBB 5-Year Cost to Own and AAA Your Driving Costs: 5 years, 15,000 miles a year, financed purchase',
  },
  credit: {
    date: '2025-07-04',
    source:
      'Public Law 119-21 (One Big Beautiful Bill Act): clean-vehicle credits (26 U.S.C. 30D, 25E) end for vehicles acquired after 2025-09-30',
  },
  depreciation: {
    date: '2025-09',
    source:
      'Retention curves by segment, rounded approximations of a normal used market (a car about 55% down in five years, near the 60% CARFAX gives as the rule; iSeeCars measured 38.8% in 2023, when used prices stood far above normal); make and model adjustments shaped on iSeeCars 5-year depreciation rankings and calibrated on published cost-to-own examples (test/fixtures/tco-references.json); staff rules come first. A used price estimated from a new price is scaled by the used market of its year: the Manheim Used Vehicle Value Index (Cox Automotive) against October 2019, 1 before 2020 (2022: 1.56; September 2025, the latest reading used: 1.35)',
  },
  economy: {
    date: '2024',
    source:
      'Without an EPA figure in a listing: a power curve through EPA combined ratings of common gasoline models by engine displacement (fueleconomy.gov), 0.7% less per model year before 2024 (the ratings of the same engines over the years), less for pickups, SUVs and performance trims; premium gasoline at the EIA 2024 average premium-regular difference',
  },
  electricity: {
    date: '2024',
    source:
      'U.S. EIA, Electric Power Monthly: average residential price by state, 2024, rounded to the cent',
  },
  finance: {
    date: '2025-Q2',
    source:
      'Experian State of the Automotive Finance Market: APRs of prime borrowers, about 6.5% new and 8.5% used (the cost-to-own publishers assume good credit); rounded',
  },
  gasoline: {
    date: '2024',
    source:
      'U.S. EIA, Gasoline and Diesel Fuel Update: 2024 average retail regular gasoline by PADD region (California separately), rounded; for a date before 2024, scaled by that year’s U.S. average (EIA Monthly Energy Review table 9.4)',
  },
  insurance: {
    date: '2024',
    source:
      'National base for a $30,000 vehicle calibrated on published cost-to-own examples (below AAA Your Driving Costs 2024 full-coverage average), scaled by the vehicle value to the power 0.25 and, for a luxury line, by its class (entry, core, flagship, performance) as those examples show; growing yearly; state factors approximate the relative state averages of the NAIC Auto Insurance Database Report',
  },
  maintenance: {
    date: '2024',
    source:
      'Maintenance by mileage: routine service per mile and the lumps of a typical manufacturer schedule (30,000-mile service, tyres, brakes, 60,000-mile service, battery; staff may replace the schedule); repairs rising with age and miles from the end of the make’s basic warranty (the makes’ published terms); in line with AAA Your Driving Costs 2024 (maintenance, repair and tyres per mile); luxury makes’ repairs and maintenance scaled as the published breakdowns of test/fixtures/tco-references.json show',
  },
  price: {
    date: '2010–2026',
    source:
      "Without a listing or spec price: the line's base MSRP and destination charge of its model year from the service's new-price table (src/lookups/tco/data/new-prices.json: manufacturers' base prices by model year, from published model-year price histories and manufacturers' price announcements, each row naming its kind; which lines exist by model year as fueleconomy.gov lists them), interpolated between its anchor years and moved by the table's median yearly change beyond them, times the trim's place on the line's price ladder (the line's average, above its base, when the trim is unknown or not on the ladder); staff rows first; a line not in the table at the median price of its segment's lines that model year",
  },
  salesTax: {
    date: '2024',
    source:
      'Tax Foundation, State and Local Sales Tax Rates 2024 (state rates, local taxes excluded), with the motor-vehicle excise or title taxes that replace the sales tax in AL, DE, GA, MD, MS, NC, NM, OK, SC, VA',
  },
  zip3: {
    date: '2024',
    source: 'USPS Domestic Mail Manual, L002 3-digit ZIP Code prefix matrix (state of each prefix)',
  },
} as const
