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
