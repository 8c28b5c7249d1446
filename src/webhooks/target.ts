/**
 * Where a webhook may be sent (SSRF protection). An endpoint's URL must be http(s) without
 * credentials; in production it must be https. At delivery time its host is resolved and every
 * address checked: loopback, private, link-local (cloud metadata at 169.254.169.254 among them),
 * carrier-grade NAT, multicast and reserved ranges are refused, IPv4-mapped IPv6 included. The
 * connection then goes to the address that was checked, so a DNS answer that changes between
 * the check and the connection (rebinding) cannot redirect it. WEBHOOK_ALLOW_LOOPBACK lets
 * loopback through, over plain http too (local development and tests).
 */
import dns from 'node:dns/promises'
import net from 'node:net'

import { isProduction, settings } from '../lib/settings'

const blocked = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of [
  // Unspecified, IPv4-compatible (::a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d) forms:
  // each embeds an IPv4 address. (IPv4-mapped ones, ::ffff:a.b.c.d, are checked as IPv4.)
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  // Teredo and 6to4 tunnels embed an IPv4 address, which a tunnelling host would reach.
  ['2001::', 32],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6')

const loopback = new net.BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:10.0.0.1`), else the address itself. */
const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')

const family = (address: string) => (net.isIPv4(address) ? 'ipv4' : 'ipv6')

const isLoopback = (address: string) => loopback.check(address, family(address))

/** Why this address may not be called, or null. */
export const addressRefusal = (raw: string): null | string => {
  const address = unmapped(raw)
  if (isLoopback(address))
    return settings('webhooks').WEBHOOK_ALLOW_LOOPBACK ? null : `${raw} is a loopback address`
  if (blocked.check(address, family(address)))
    return `${raw} is a private, link-local or reserved address`
  return null
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

export type Target = { address: string; family: 4 | 6; url: URL }

/** Resolves the URL's host and checks every address it has; throws naming the refusal. */
export const resolveTarget = async (value: string): Promise<Target> => {
  const refusal = urlRefusal(value)
  if (refusal) throw new Error(`refused: the URL ${refusal}`)
  const url = new URL(value)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) as 4 | 6 }]
    : await dns.lookup(host, { all: true, verbatim: true })
  if (!addresses.length) throw new Error(`${host} has no address`)
  for (const { address } of addresses) {
    const why = addressRefusal(address)
    if (why) throw new Error(`refused: ${host} resolves to ${why}`)
  }
  return { address: addresses[0].address, family: addresses[0].family as 4 | 6, url }
}
