/**
 * What changes with the calendar, for a model evaluated as of a past date (the fidelity
 * benchmark: published figures priced the fuel of their day) and for vehicles older than the
 * tables: the national gasoline price of each year, and the fuel economy of older engines. The
 * tables of ./states.ts are 2024's; from 2024 on these factors are 1, so the lookup, which
 * works as of today, prices fuel at the tables (and the staff's overrides) unchanged.
 */

/** The year the state tables' prices are in. */
export const TABLE_YEAR = 2024

/**
 * U.S. average retail price of regular gasoline, $ per gallon, by year: EIA Monthly Energy
 * Review table 9.4 (as charted by the DOE Alternative Fuels Data Center), 2022 and 2024 from
 * EIA's Gasoline and Diesel Fuel Update (regular grade: $3.95 and $3.30).
 */
const GASOLINE_BY_YEAR: Record<number, number> = {
  2005: 2.3,
  2006: 2.59,
  2007: 2.8,
  2008: 3.27,
  2009: 2.35,
  2010: 2.79,
  2011: 3.53,
  2012: 3.64,
  2013: 3.53,
  2014: 3.37,
  2015: 2.45,
  2016: 2.14,
  2017: 2.41,
  2018: 2.74,
  2019: 2.64,
  2020: 2.17,
  2021: 3.05,
  2022: 3.95,
  2023: 3.5,
  2024: 3.3,
}
const FIRST_YEAR = 2005

/** The gasoline price of `asOf`'s year against the tables' year (1 from 2024 on). */
export const gasolineFactor = (asOf: Date): number => {
  const year = Math.max(FIRST_YEAR, asOf.getUTCFullYear())
  return year >= TABLE_YEAR ? 1 : GASOLINE_BY_YEAR[year] / GASOLINE_BY_YEAR[TABLE_YEAR]
}

/**
 * Fuel economy of an engine of model year `modelYear` against one of today's of the same
 * displacement: 0.7% less a year, for at most 25 years. The EPA combined ratings of the same
 * engines show it (fueleconomy.gov): a 1.8 L Toyota Corolla 29 MPG in 2005, 32 in 2014, 33 in
 * 2020–2024; a 3.5 L Toyota Camry V6 22 in 2007, 26 in 2018.
 */
export const economyFactor = (modelYear: number): number =>
  0.993 ** Math.min(25, Math.max(0, TABLE_YEAR - modelYear))

/**
 * The used-vehicle market's level by year against the market the retention curves describe
 * (./segments.ts: a normal market, about 55% of a car's price lost in five years, as before 2020):
 * the Manheim Used Vehicle Value Index (Cox Automotive; mix-, mileage- and seasonally adjusted,
 * January 1997 = 100), one published reading a year. Readings from 2023 are of the restated
 * series, which runs 9% above the first-published one for the same months (January 2022: 236.3
 * first published, 257.7 restated; June 2022: 219.9 and 239.8), so they are divided by 1.09.
 */
const USED_MARKET_INDEX: Record<number, number> = {
  2019: 140.9, // October 2019
  2020: 161.1, // December 2020
  2021: 195.2, // July 2021
  2022: 219.6, // July 2022
  2023: 215.1 / 1.09, // June 2023
  2024: 203.9 / 1.09, // August 2024
  2025: 207.0 / 1.09, // September 2025
}
const NORMAL_MARKET_YEAR = 2019
const LATEST_MARKET_YEAR = 2025

/**
 * What a used vehicle sells for as of `asOf` against the curves' normal market: 1 up to 2019
 * (the index rose in step with new prices), then the index against 2019's (2022: 1.56; 2025:
 * 1.35); after the latest reading, that reading's. It scales a price estimated from a new price
 * by the curves, never a listing's price (that is the market's already).
 */
export const usedMarketFactor = (asOf: Date): number => {
  const year = Math.min(LATEST_MARKET_YEAR, asOf.getUTCFullYear())
  return year <= NORMAL_MARKET_YEAR
    ? 1
    : USED_MARKET_INDEX[year] / USED_MARKET_INDEX[NORMAL_MARKET_YEAR]
}
