import type { Lead } from '../../payload-types'
import { adfValue } from './fields'

/** The dealership a lead is for, as ADF's `<vendor>` names it. */
export type AdfVendor = { id?: null | string; name?: null | string }

type Value = null | number | string | undefined
type Attributes = Record<string, Value>
/** An element: its text, or its child elements (absent values are left out). */
type Content = Value | (string | undefined)[]

// eslint-disable-next-line no-control-regex -- these control characters are what it removes
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot hold, even escaped.
    .replace(XML_FORBIDDEN, '')

const present = (value: Value): value is number | string =>
  value !== undefined && value !== null && value !== ''

const attributesText = (attributes: Attributes): string =>
  Object.entries(attributes)
    .filter(([, value]) => present(value))
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('')

/** `<name …>content</name>`, or nothing when it has neither content nor attributes. */
const element = (name: string, attributes: Attributes, content?: Content): string | undefined => {
  const attrs = attributesText(attributes)
  if (Array.isArray(content)) {
    const children = content.filter((child): child is string => Boolean(child))
    if (!children.length) return attrs ? `<${name}${attrs}/>` : undefined
    const inner = children.join('\n').replace(/^/gm, '  ')
    return `<${name}${attrs}>\n${inner}\n</${name}>`
  }
  if (!present(content)) return attrs ? `<${name}${attrs}/>` : undefined
  return `<${name}${attrs}>${escapeXml(String(content))}</${name}>`
}

const text = (name: string, value: Value, attributes: Attributes = {}) =>
  present(value) ? element(name, attributes, value) : undefined

const day = (value: null | string | undefined) => (value ? value.slice(0, 10) : undefined)

type AdfVehicle = NonNullable<NonNullable<Lead['adf']>['vehicles']>[number]

const vehicleElement = (vehicle: AdfVehicle) => {
  const amount = (type: string, value: Value) =>
    text('amount', value, { currency: vehicle.priceCurrency, type })
  const finance =
    vehicle.financeMethod || present(vehicle.downPayment) || present(vehicle.monthlyPayment)
      ? element('finance', {}, [
          text('method', vehicle.financeMethod),
          amount('downpayment', vehicle.downPayment),
          amount('monthly', vehicle.monthlyPayment),
          amount('total', vehicle.financeTotal),
        ])
      : undefined
  return element(
    'vehicle',
    { interest: vehicle.interest ? adfValue(vehicle.interest) : 'buy', status: vehicle.status },
    [
      text('year', vehicle.year),
      text('make', vehicle.make),
      text('model', vehicle.model),
      text('vin', vehicle.vin),
      text('stock', vehicle.stock),
      text('trim', vehicle.trim),
      text('odometer', vehicle.odometer, { units: vehicle.odometerUnits }),
      text('price', vehicle.price, { currency: vehicle.priceCurrency, type: vehicle.priceType }),
      finance,
      text('comments', vehicle.comments),
    ],
  )
}

/**
 * A lead as an ADF 1.0 document, as CRMs take them: the person, what they asked about (the
 * vehicles, timeframe and comments the lead came with), the dealership and the lead's source.
 * What the intake kept of an ADF lead is written back as it came in, so a lead read, written and
 * read again keeps its values. The original document itself is never sent.
 */
export const adfOfLead = (lead: Partial<Lead>, vendor: AdfVendor = {}): string => {
  const adf = lead.adf ?? {}
  const phones = adf.phones?.length
    ? adf.phones.map((phone) =>
        text('phone', phone.number, {
          preferredcontact: phone.preferred ? 1 : undefined,
          time: phone.time,
          type: phone.type,
        }),
      )
    : [text('phone', lead.phoneNumber, { type: 'voice' })]
  const address = adf.address ?? {}
  const vehicles = adf.vehicles?.length ? adf.vehicles : [{ interest: 'buy' } as AdfVehicle]
  const prospect = element('prospect', { status: adf.status ?? 'new' }, [
    text('id', adf.prospectId ?? lead.id, {
      source: adf.prospectId ? adf.prospectIdSource : 'commerce-service',
    }),
    text('requestdate', adf.requestDate ?? lead.createdAt),
    ...vehicles.map(vehicleElement),
    element('customer', {}, [
      element('contact', {}, [
        text('name', lead.firstName, { part: 'first' }),
        text('name', adf.middleName, { part: 'middle' }),
        text('name', lead.lastName, { part: 'last' }),
        text('name', adf.suffix, { part: 'suffix' }),
        text('email', lead.email),
        ...phones,
        element('address', { type: address.type }, [
          ...(address.street ?? '')
            .split('\n')
            .filter(Boolean)
            .map((line, index) => text('street', line, { line: index + 1 })),
          text('apartment', address.apartment),
          text('city', address.city),
          text('regioncode', address.regionCode),
          text('postalcode', address.postalCode),
          text('country', address.country),
        ]),
      ]),
      element('timeframe', {}, [
        text('description', adf.timeframe?.description),
        text('earliestdate', day(adf.timeframe?.earliestDate)),
        text('latestdate', day(adf.timeframe?.latestDate)),
      ]),
      text('comments', adf.comments),
    ]),
    element('vendor', {}, [
      text('id', vendor.id ?? adf.vendorId, { source: vendor.id ? 'commerce-service' : undefined }),
      text('vendorname', vendor.name ?? adf.vendorName),
    ]),
    element('provider', {}, [
      text('id', adf.providerId),
      text('name', adf.providerName ?? lead.source, { part: 'full' }),
      text('service', adf.providerService),
      text('url', adf.providerUrl),
      text('email', adf.providerEmail),
      text('phone', adf.providerPhone),
    ]),
  ])
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?ADF VERSION="1.0"?>\n<adf>\n${prospect!.replace(/^/gm, '  ')}\n</adf>\n`
}
