/**
 * Where a webhook may be sent (SSRF protection). An endpoint's URL must be http(s) without
 * credentials; in production it must be https. At delivery time its host is resolved and every
 * address checked: only global unicast addresses pass (IPv6: 2000::/3; IPv4: anything outside
 * the special ranges), less every block of IANA's special-purpose address registries, so
 * loopback, private, link-local (cloud metadata at 169.254.169.254 among them), carrier-grade
 * NAT, site-local, unique-local, multicast, documentation, benchmarking, tunnel and reserved
 * addresses are refused, IPv4-mapped IPv6 included. The connection then goes to the address that
 * was checked, so a DNS answer that changes between the check and the connection (rebinding)
 * cannot redirect it. WEBHOOK_ALLOW_LOOPBACK lets loopback through, over plain http too (local
 * development and tests).
 */
import dns from 'node:dns/promises'
import net from 'node:net'

import { isProduction, settings } from '@/lib/settings'

const blockList = (family: 'ipv4' | 'ipv6', subnets: [string, number][]) => {
  const list = new net.BlockList()
  for (const [address, prefix] of subnets) list.addSubnet(address, prefix, family)
  return list
}

/** IANA IPv4 Special-Purpose Address Registry (RFC 6890 and updates), multicast and class E. */
const specialV4 = blockList('ipv4', [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
])

/** Global unicast IPv6 (RFC 4291): everything else (site-local fec0::/10 among it) is refused. */
const globalUnicastV6 = blockList('ipv6', [['2000::', 3]])

/**
 * The blocks of IANA's IPv6 Special-Purpose Address Registry inside 2000::/3: IETF protocol
 * assignments (Teredo, benchmarking, ORCHID…), documentation (two), 6to4 and AS112.
 */
const specialV6 = blockList('ipv6', [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
])

const loopback = blockList('ipv4', [['127.0.0.0', 8]])
loopback.addAddress('::1', 'ipv6')

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:10.0.0.1`), else the address itself. */
const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')

const family = (address: string) => (net.isIPv4(address) ? 'ipv4' : 'ipv6')

const isLoopback = (address: string) => loopback.check(address, family(address))

const isGlobalUnicast = (address: string) =>
  net.isIPv4(address)
    ? !specialV4.check(address, 'ipv4')
    : globalUnicastV6.check(address, 'ipv6') && !specialV6.check(address, 'ipv6')

/** Why this address may not be called, or null. */
export const addressRefusal = (raw: string): null | string => {
  const address = unmapped(raw)
  if (isLoopback(address))
    return settings('webhooks').WEBHOOK_ALLOW_LOOPBACK ? null : `${raw} is a loopback address`
  return isGlobalUnicast(address) ? null : `${raw} is not a global unicast address`
}

/** Why this URL cannot be an endpoint's, or null: checked when an endpoint is saved. */
export const urlRefusal = (value: string): null | string => {
  if (!URL.canParse(value)) return 'must be an absolute http or https URL'
  const url = new URL(value)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL'
  if (url.username || url.password) return 'must not carry credentials'
  if (url.port === '0') return 'must not name port 0'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (host.length > 253) return 'must have a host name of at most 253 characters'
  const allowedLoopback =
    settings('webhooks').WEBHOOK_ALLOW_LOOPBACK &&
    (host === 'localhost' || (net.isIP(host) > 0 && isLoopback(unmapped(host))))
  if (isProduction() && url.protocol !== 'https:' && !allowedLoopback) return 'must be an https URL'
  if (net.isIP(host)) return addressRefusal(host)
  return null
}

/** `family`: 4 or 6, as net.isIP and dns.lookup give it. */
export type Target = { address: string; family: number; url: URL }

/** Resolves the URL's host and checks every address it has; throws naming the refusal. */
export const resolveTarget = async (value: string): Promise<Target> => {
  const refusal = urlRefusal(value)
  if (refusal) throw new Error(`refused: the URL ${refusal}`)
  const url = new URL(value)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await dns.lookup(host, { all: true, verbatim: true })
  if (!addresses.length) throw new Error(`${host} has no address`)
  for (const { address } of addresses) {
    const why = addressRefusal(address)
    if (why) throw new Error(`refused: ${host} resolves to ${why}`)
  }
  return { address: addresses[0].address, family: addresses[0].family, url }
}
