/**
 * The demo data set: a small but coherent picture of the retail flow, one file of ./demo/ per
 * record family; ./index.ts writes it. Commerce records carry fixed `…_demo_…` ids so the seed can
 * tell what it already loaded. The SSNs are from the range the Social Security Administration
 * reserves for advertising (987-65-4320 … 987-65-4329) and the VINs carry valid check digits but
 * describe no real car.
 */
export * from './demo/consents'
export * from './demo/consumers'
export * from './demo/credit'
export * from './demo/dealers'
export * from './demo/leads'
export * from './demo/vehicles'
export * from './demo/web'
