/**
 * Per-state figures of the TCO model (sources in ./sources.ts). Staff override any of them,
 * per state, in the TCO settings global.
 */
type Padd = 'CA' | 'P1' | 'P2' | 'P3' | 'P4' | 'P5'

export type StateFigures = {
  /** Regular gasoline, dollars per gallon. */
  gasPrice: number
  /** Residential electricity, dollars per kWh. */
  electricityPrice: number
  /** Relative to the national insurance base. */
  insuranceFactor: number
  /** Sales (or motor-vehicle excise) tax on the purchase, percent. */
  salesTaxPercent: number
  /** Upper bound of that tax in dollars, where the state caps it. */
  salesTaxCap?: number
}

/** Average regular gasoline by PADD region, $/gal (2024, rounded). */
const GAS: Record<Padd, number> = { CA: 4.7, P1: 3.2, P2: 3.1, P3: 2.85, P4: 3.2, P5: 3.95 }

// state: [tax %, PADD, electricity ¢/kWh, insurance factor, tax cap $?]
const ROWS: Record<string, [number, Padd, number, number, number?]> = {
  AK: [0, 'P5', 24, 0.95],
  AL: [2, 'P3', 15, 1],
  AR: [6.5, 'P3', 12.5, 1],
  AZ: [5.6, 'P5', 15, 1.05],
  CA: [7.25, 'CA', 32, 1.2],
  CO: [2.9, 'P4', 15, 1.15],
  CT: [6.35, 'P1', 28, 1.15],
  DC: [6, 'P1', 18, 1.3],
  DE: [4.25, 'P1', 17, 1.15],
  FL: [6, 'P1', 15, 1.4],
  GA: [7, 'P1', 14, 1.15],
  HI: [4, 'P5', 42, 0.85],
  IA: [5, 'P2', 14, 0.75],
  ID: [6, 'P4', 11.5, 0.75],
  IL: [6.25, 'P2', 16, 1],
  IN: [7, 'P2', 15.5, 0.8],
  KS: [6.5, 'P2', 14.5, 1],
  KY: [6, 'P2', 13, 1.1],
  LA: [4.45, 'P3', 12, 1.45],
  MA: [6.25, 'P1', 30, 1],
  MD: [6.5, 'P1', 18, 1.15],
  ME: [5.5, 'P1', 27, 0.7],
  MI: [6, 'P2', 19.5, 1.45],
  MN: [6.5, 'P2', 15.5, 0.95],
  MO: [4.225, 'P2', 13.5, 1.05],
  MS: [5, 'P3', 13.5, 1],
  MT: [0, 'P4', 13, 1],
  NC: [3, 'P1', 14, 0.8],
  ND: [5, 'P2', 11.5, 0.85],
  NE: [5.5, 'P2', 12, 0.95],
  NH: [0, 'P1', 26, 0.75],
  NJ: [6.625, 'P1', 19, 1.3],
  NM: [4, 'P3', 14.5, 1],
  NV: [6.85, 'P5', 15, 1.3],
  NY: [4, 'P1', 24, 1.35],
  OH: [5.75, 'P2', 16, 0.75],
  OK: [3.25, 'P2', 13, 1.05],
  OR: [0, 'P5', 14.5, 1],
  PA: [6, 'P1', 18, 1.05],
  RI: [7, 'P1', 30, 1.2],
  SC: [5, 'P1', 14.5, 1, 500],
  SD: [4, 'P2', 13, 0.85],
  TN: [7, 'P2', 12.5, 0.95],
  TX: [6.25, 'P3', 15, 1.15],
  UT: [7.25, 'P4', 12, 0.95],
  VA: [4.15, 'P1', 14.5, 0.85],
  VT: [6, 'P1', 22, 0.75],
  WA: [6.8, 'P5', 12.5, 1],
  WI: [5, 'P2', 18, 0.8],
  WV: [6, 'P1', 15, 1],
  WY: [4, 'P4', 12.5, 0.9],
}

export const STATE_FIGURES: Record<string, StateFigures> = Object.fromEntries(
  Object.entries(ROWS).map(([state, [tax, padd, cents, insurance, cap]]) => [
    state,
    {
      electricityPrice: cents / 100,
      gasPrice: GAS[padd],
      insuranceFactor: insurance,
      salesTaxPercent: tax,
      ...(cap ? { salesTaxCap: cap } : {}),
    },
  ]),
)

/** Used when no state is known (no ZIP, or a ZIP outside the 50 states and DC). */
export const NATIONAL_FIGURES: StateFigures = {
  electricityPrice: 0.17,
  gasPrice: 3.3,
  insuranceFactor: 1,
  salesTaxPercent: 5.1,
}
