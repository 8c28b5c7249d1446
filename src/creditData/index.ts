/**
 * Credit data (SSNs, birth dates): encrypted at rest, SSNs masked on read unless a staff admin
 * reveals one, never queried on, every change and reveal audited, keys rotated in place. A field
 * joins all of this by being declared with `ssnField` or `encrypted()`, in a collection that
 * declares `custom.creditData` (which encrypts and audits its writes). The admin component
 * (RevealSsn.tsx) is a client module, referenced by path from `ssnField`, not exported here.
 */
export { encryptValue } from './cipher'
export { encrypted, ssnField } from './fields'
export { withCreditData } from './hooks'
export { resolveCreditDataKeys } from './keys'
export { noSensitiveQueries, sensitivePathIn } from './queryRefusal'
export { rotateCreditDataKeys, type RotationProgress, type RotationSummary } from './rotate'
