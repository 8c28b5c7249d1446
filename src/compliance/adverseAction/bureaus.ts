/**
 * The three nationwide consumer reporting agencies (15 USC 1681a(p)), as a notice must name the
 * one whose report was used (FCRA 615(a), 15 USC 1681m(a)(3)): name, address and toll-free
 * number, as each publishes them for consumers asking for their file or disputing it.
 */
export type Bureau = {
  address: string
  name: string
  phone: string
  slug: BureauSlug
  website: string
}

export const bureauSlugs = ['equifax', 'experian', 'transunion'] as const
export type BureauSlug = (typeof bureauSlugs)[number]

export const bureaus: Record<BureauSlug, Bureau> = {
  equifax: {
    address: 'P.O. Box 740241, Atlanta, GA 30374-0241',
    name: 'Equifax Information Services LLC',
    phone: '1-800-685-1111',
    slug: 'equifax',
    website: 'www.equifax.com',
  },
  experian: {
    address: 'P.O. Box 2002, Allen, TX 75013',
    name: 'Experian',
    phone: '1-888-397-3742',
    slug: 'experian',
    website: 'www.experian.com',
  },
  transunion: {
    address: 'P.O. Box 1000, Chester, PA 19016',
    name: 'TransUnion LLC',
    phone: '1-800-888-4213',
    slug: 'transunion',
    website: 'www.transunion.com',
  },
}

/** A bureau named in a provider's answer ("Experian", "TRANSUNION", "equifax_us"), or null. */
export const bureauNamed = (value: unknown): BureauSlug | null => {
  if (typeof value !== 'string') return null
  const text = value.toLowerCase().replace(/[^a-z]/g, '')
  return bureauSlugs.find((slug) => text.includes(slug)) ?? null
}
