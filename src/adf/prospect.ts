import { isIdnEmail, isVinFormat } from '@/validation/formats'

import { AdfError, type Place } from './errors'
import { childNamed, childrenNamed, textOf, type XmlElement } from './xml'

/**
 * What ADF 1.0 says of one prospect, read into the values the service keeps. Every value is
 * checked here, before anything is written, and a bad one is refused naming its line and element.
 * Elements ADF defines that the service does not keep, and elements it does not define, are
 * passed over (they stay in the stored original).
 */

export const INTERESTS = ['buy', 'lease', 'sell', 'trade-in', 'test-drive'] as const
export const VEHICLE_STATUSES = ['new', 'used'] as const
export const PHONE_TYPES = ['voice', 'fax', 'cellphone', 'pager'] as const
export const PHONE_TIMES = ['morning', 'afternoon', 'evening', 'nopreference', 'day'] as const
export const PRICE_TYPES = [
  'quote',
  'offer',
  'msrp',
  'invoice',
  'call',
  'appraisal',
  'asking',
] as const
export const FINANCE_METHODS = ['cash', 'finance', 'lease'] as const
export const ADDRESS_TYPES = ['home', 'work', 'delivery'] as const
export const PROSPECT_STATUSES = ['new', 'resend'] as const

export type Interest = (typeof INTERESTS)[number]

export type AdfPhone = {
  number: string
  preferred: boolean
  time?: (typeof PHONE_TIMES)[number]
  type?: (typeof PHONE_TYPES)[number]
}

export type AdfAddress = {
  apartment?: string
  city?: string
  country?: string
  postalCode?: string
  regionCode?: string
  street?: string
  type?: (typeof ADDRESS_TYPES)[number]
}

export type AdfVehicle = {
  comments?: string
  downPayment?: number
  financeMethod?: (typeof FINANCE_METHODS)[number]
  financeTotal?: number
  interest: Interest
  make?: string
  model?: string
  monthlyPayment?: number
  odometer?: number
  odometerUnits?: string
  place: Place
  price?: number
  priceCurrency?: string
  priceType?: (typeof PRICE_TYPES)[number]
  status?: (typeof VEHICLE_STATUSES)[number]
  stock?: string
  trim?: string
  vin?: string
  year?: number
}

export type Prospect = {
  address?: AdfAddress
  comments?: string
  email?: string
  firstName?: string
  /** Its place in the document, from 1. */
  index: number
  lastName?: string
  middleName?: string
  phones: AdfPhone[]
  place: Place
  prospectId?: { source?: string; value: string }
  provider?: {
    email?: string
    id?: string
    name?: string
    phone?: string
    service?: string
    url?: string
  }
  /** ISO 8601 in UTC. */
  requestDate?: string
  status: (typeof PROSPECT_STATUSES)[number]
  suffix?: string
  timeframe?: { description?: string; earliestDate?: string; latestDate?: string }
  vehicles: AdfVehicle[]
  vendor: { id?: string; idSource?: string; name?: string; place: Place }
}

const placeOf = (element: XmlElement): Place => ({ element: element.name, line: element.line })

const refuse = (element: XmlElement, message: string, field?: string): never => {
  throw new AdfError(400, message, placeOf(element), field)
}

const optional = (value: string): string | undefined => value || undefined

const childText = (element: XmlElement, name: string): string | undefined =>
  optional(textOf(childNamed(element, name)))

/** An attribute's value from `allowed` (compared without case), or undefined when absent. */
const isOneOf = <T extends string>(allowed: readonly T[], value: string): value is T =>
  allowed.some((item) => item === value)

const choice = <T extends string>(
  element: XmlElement,
  attribute: string,
  allowed: readonly T[],
): T | undefined => {
  const raw = element.attrs[attribute]?.trim().toLowerCase()
  if (!raw) return undefined
  if (!isOneOf(allowed, raw))
    return refuse(element, `${attribute}="${raw.slice(0, 40)}" is not one of ${allowed.join(', ')}`)
  return raw
}

/** A number as ADF writers send it: `$24,995.00`, `90000`. */
const amountOf = (element: undefined | XmlElement, what: string): number | undefined => {
  if (!element) return undefined
  const text = textOf(element).replace(/[$,\s]/g, '')
  if (!text) return undefined
  const value = Number(text)
  if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(value) || value < 0)
    refuse(element, `${what} must be a number of at least 0`)
  return value
}

/** A date-time (or date) as ISO 8601 in UTC. */
const dateOf = (element: undefined | XmlElement, what: string): string | undefined => {
  const text = textOf(element)
  if (!element || !text) return undefined
  const time = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(
    text,
  )
    ? Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
    : NaN
  if (Number.isNaN(time))
    refuse(element, `${what} must be a date or date-time, like 2026-11-27T09:30:00-05:00`)
  return new Date(time).toISOString()
}

const phoneOf = (element: XmlElement): AdfPhone => ({
  number: textOf(element),
  preferred: element.attrs.preferredcontact === '1',
  time: choice(element, 'time', PHONE_TIMES),
  type: choice(element, 'type', PHONE_TYPES),
})

const addressOf = (element: XmlElement): AdfAddress => {
  const streets = childrenNamed(element, 'street')
    .map((street) => textOf(street))
    .filter(Boolean)
  return {
    apartment: childText(element, 'apartment'),
    city: childText(element, 'city'),
    country: childText(element, 'country'),
    postalCode: childText(element, 'postalcode'),
    regionCode: childText(element, 'regioncode'),
    street: optional(streets.join('\n')),
    type: choice(element, 'type', ADDRESS_TYPES),
  }
}

type Names = Pick<Prospect, 'firstName' | 'lastName' | 'middleName' | 'suffix'>

/** Name parts; a `full` name fills first and last when they are not given apart. */
const namesOf = (contact: XmlElement): Names => {
  const names: Names & { full?: string } = {}
  for (const name of childrenNamed(contact, 'name')) {
    const text = textOf(name)
    if (!text) continue
    const part =
      choice(name, 'part', ['first', 'middle', 'last', 'suffix', 'full'] as const) ?? 'full'
    const key =
      part === 'first'
        ? 'firstName'
        : part === 'last'
          ? 'lastName'
          : part === 'middle'
            ? 'middleName'
            : (part ?? 'full')
    if (!names[key]) names[key] = text
  }
  const { full, ...parts } = names
  if (full && !parts.firstName && !parts.lastName) {
    const words = full.split(/\s+/)
    parts.lastName = words.length > 1 ? words.pop() : undefined
    parts.firstName = words.join(' ')
  }
  return parts
}

const vehicleOf = (element: XmlElement): AdfVehicle => {
  const yearText = childText(element, 'year')
  const yearElement = childNamed(element, 'year')
  let year: number | undefined
  if (yearText && yearElement) {
    year = Number(yearText)
    if (!/^\d{4}$/.test(yearText) || year < 1900 || year > 2100)
      refuse(yearElement, 'year must be a whole number from 1900 to 2100')
  }
  const vinElement = childNamed(element, 'vin')
  const vin = textOf(vinElement).toUpperCase() || undefined
  if (vin && vinElement && !isVinFormat(vin))
    refuse(vinElement, 'vin must be 17 letters and digits, without the letters I, O and Q')
  const odometer = childNamed(element, 'odometer')
  const price = childNamed(element, 'price')
  const finance = childNamed(element, 'finance')
  const amounts = finance ? childrenNamed(finance, 'amount') : []
  const amount = (type: string) =>
    amountOf(
      amounts.find((item) => (item.attrs.type ?? 'total').toLowerCase() === type),
      `the ${type} amount`,
    )
  const method = finance && childNamed(finance, 'method')
  const methodText = textOf(method).toLowerCase()
  if (method && methodText && !isOneOf(FINANCE_METHODS, methodText))
    refuse(method, `method must be one of ${FINANCE_METHODS.join(', ')}`)
  return {
    comments: childText(element, 'comments'),
    downPayment: amount('downpayment'),
    financeMethod: isOneOf(FINANCE_METHODS, methodText) ? methodText : undefined,
    financeTotal: amount('total'),
    interest: choice(element, 'interest', INTERESTS) ?? 'buy',
    make: childText(element, 'make'),
    model: childText(element, 'model'),
    monthlyPayment: amount('monthly'),
    odometer: amountOf(odometer, 'odometer'),
    odometerUnits: odometer
      ? optional(odometer.attrs.units?.trim().toLowerCase() ?? '')
      : undefined,
    place: placeOf(element),
    price: amountOf(price, 'price'),
    priceCurrency: price ? optional(price.attrs.currency?.trim().toUpperCase() ?? '') : undefined,
    priceType: price ? choice(price, 'type', PRICE_TYPES) : undefined,
    status: choice(element, 'status', VEHICLE_STATUSES),
    stock: childText(element, 'stock'),
    trim: childText(element, 'trim'),
    vin,
    year,
  }
}

const required = (parent: XmlElement, name: string): XmlElement =>
  childNamed(parent, name) ?? refuse(parent, `a <${parent.name}> needs a <${name}>`, name)

const prospectOf = (element: XmlElement, index: number): Prospect => {
  const customer = required(element, 'customer')
  const contact = required(customer, 'contact')
  const vendor = required(element, 'vendor')
  const vehicles = childrenNamed(element, 'vehicle')
  if (!vehicles.length) refuse(element, 'a <prospect> needs at least one <vehicle>', 'vehicle')
  const emailElement = childrenNamed(contact, 'email').find((item) => textOf(item))
  const email = textOf(emailElement) || undefined
  if (email && emailElement && !isIdnEmail(email))
    refuse(emailElement, 'email must be an e-mail address')
  const phones = childrenNamed(contact, 'phone')
    .filter((item) => textOf(item))
    .map(phoneOf)
  const address = childNamed(contact, 'address')
  const timeframe = childNamed(customer, 'timeframe')
  const provider = childNamed(element, 'provider')
  const idElement = childNamed(element, 'id')
  const vendorId = childNamed(vendor, 'id')
  const vendorName = childText(vendor, 'vendorname')
  if (!textOf(vendorId) && !vendorName)
    refuse(vendor, 'a <vendor> needs an <id> or a <vendorname> naming the dealership', 'vendor')
  const names = namesOf(contact)
  if (!names.firstName && !names.lastName && !email && !phones.length)
    refuse(contact, 'a <contact> needs a <name>, an <email> or a <phone>', 'contact')
  return {
    ...names,
    address: address && addressOf(address),
    comments: childText(customer, 'comments'),
    email,
    index,
    phones,
    place: placeOf(element),
    prospectId: textOf(idElement)
      ? { source: optional(idElement?.attrs.source?.trim() ?? ''), value: textOf(idElement) }
      : undefined,
    provider: provider && {
      email: childText(provider, 'email'),
      id: childText(provider, 'id'),
      name: textOf(childNamed(provider, 'name')) || childText(provider, 'vendorname'),
      phone: childText(provider, 'phone'),
      service: childText(provider, 'service'),
      url: childText(provider, 'url'),
    },
    requestDate: dateOf(childNamed(element, 'requestdate'), 'requestdate'),
    status: choice(element, 'status', PROSPECT_STATUSES) ?? 'new',
    timeframe: timeframe && {
      description: childText(timeframe, 'description'),
      earliestDate: dateOf(childNamed(timeframe, 'earliestdate'), 'earliestdate'),
      latestDate: dateOf(childNamed(timeframe, 'latestdate'), 'latestdate'),
    },
    vehicles: vehicles.map(vehicleOf),
    vendor: {
      id: optional(textOf(vendorId)),
      idSource: vendorId ? optional(vendorId.attrs.source?.trim() ?? '') : undefined,
      name: vendorName,
      place: placeOf(vendor),
    },
  }
}

/** The prospects of a parsed document; a root other than `<adf>`, or no prospect, is not ADF. */
export const readAdf = (root: XmlElement): Prospect[] => {
  if (root.name !== 'adf') refuse(root, 'the root element must be <adf>', 'adf')
  const prospects = childrenNamed(root, 'prospect')
  if (!prospects.length) refuse(root, 'an <adf> document needs at least one <prospect>', 'prospect')
  return prospects.map((element, index) => prospectOf(element, index + 1))
}
