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
    date: '2024',
    source:
      'Retention curves by segment, rounded approximations shaped on published 5-year depreciation studies (iSeeCars, CARFAX) of 2023-2024',
  },
  electricity: {
    date: '2024',
    source:
      'U.S. EIA, Electric Power Monthly: average residential price by state, 2024, rounded to the cent',
  },
  finance: {
    date: '2025-Q2',
    source:
      'Experian State of the Automotive Finance Market: average APR about 6.7% new, 11.5% used; rounded',
  },
  gasoline: {
    date: '2024',
    source:
      'U.S. EIA, Gasoline and Diesel Fuel Update: 2024 average retail regular gasoline by PADD region (California separately), rounded',
  },
  insurance: {
    date: '2024',
    source:
      'National full-coverage base in line with AAA Your Driving Costs 2024; state factors approximate the relative state averages of the NAIC Auto Insurance Database Report',
  },
  maintenance: {
    date: '2024',
    source:
      'Schedules by vehicle age, approximations in line with AAA Your Driving Costs 2024 (maintenance, repair and tires per mile)',
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
