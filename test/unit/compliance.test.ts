/**
 * The pure parts of the compliance features: OFAC's CSV files, fuzzy name matching and its
 * birth-date and address adjustments, what a provider's answer means for adverse action, and
 * the notice's text.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from '@jest/globals'

import { adverseDecisionOf } from '@/compliance/adverseAction/decision'
import { ECOA_NOTICE, noticeHtml } from '@/compliance/adverseAction/render'
import { indexList, screenPerson } from '@/compliance/sanctions/match'
import { birthDatesIn, parseSdnFiles, SdnFileError } from '@/compliance/sanctions/parse'
import { nameScore } from '@/compliance/sanctions/score'

import type { AdverseActionNotice } from '../../payload-types'

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/sanctions', name), 'utf8')
const files = { add: fixture('add.csv'), alt: fixture('alt.csv'), sdn: fixture('sdn.csv') }

describe('OFAC files', () => {
  const entries = parseSdnFiles(files)

  it('reads entries with their aliases, addresses and birth dates; "-0-" is empty; vessels are left out', () => {
    expect(entries.map((entry) => entry.entNum)).toEqual([36001, 36002, 36003])
    expect(entries[0]).toMatchObject({
      addresses: [{ address: null, city: 'Minsk', country: 'Belarus' }],
      birthDates: ['1971-03-14'],
      names: ['VOLKOV, Dmitri Ivanovich', 'VOLKOV, Dmitry'],
      programs: 'SDGT',
      type: 'individual',
    })
    expect(entries[1].birthDates).toEqual(['1965'])
    expect(entries[2]).toMatchObject({ addresses: [], birthDates: [], type: null })
  })

  it('reads every spelling of a birth date in the remarks', () => {
    expect(birthDatesIn('DOB 02 Jan 1960; DOB Feb 1961; DOB circa 1962; POB Kabul')).toEqual([
      '1960-01-02',
      '1961',
      '1962',
    ])
  })

  it('refuses a file that is not in the layout, naming it', () => {
    expect(() => parseSdnFiles({ sdn: 'name,type\nVolkov,individual\n' })).toThrow(SdnFileError)
    try {
      parseSdnFiles({ alt: 'x,y', sdn: files.sdn })
    } catch (error) {
      expect((error as SdnFileError).file).toBe('alt')
    }
  })
})

describe('name matching', () => {
  const list = indexList(parseSdnFiles(files))

  it('scores word order, a missing middle name and a spelling variant high, and others low', () => {
    expect(nameScore('Dmitri Volkov', 'VOLKOV, Dmitri Ivanovich')).toBe(100)
    expect(nameScore('Hector Ramirez', 'RAMIREZ LOPEZ, Hector')).toBe(100)
    expect(nameScore('Dmitriy Volkov', 'VOLKOV, Dmitry')).toBeGreaterThanOrEqual(85)
    expect(nameScore('Maria Gonzalez', 'VOLKOV, Dmitri Ivanovich')).toBeLessThan(50)
    // One word alone matches only as a whole name: "Hector" is not "Hector Ramirez Lopez".
    expect(nameScore('Hector', 'RAMIREZ LOPEZ, Hector')).toBeLessThan(85)
  })

  it('finds a listed person by name, an alias, and not a stranger', () => {
    expect(screenPerson({ name: 'Dmitry Volkov' }, list, 85).map((c) => c.entNum)).toEqual([36001])
    expect(screenPerson({ name: 'Ada Byron' }, list, 85)).toEqual([])
  })

  it('a matching birth date raises the score, a different one lowers it below the threshold', () => {
    const name = 'Dmitriy Volkov'
    const [plain] = screenPerson({ name }, list, 50)
    const [same] = screenPerson({ birthDate: '1971-03-14', name }, list, 50)
    const [other] = screenPerson({ birthDate: '1990-06-01', name }, list, 50)
    expect(same.score).toBe(Math.min(100, plain.score + 10))
    expect(same.signals).toContain('birth date matches the list')
    expect(other.score).toBe(plain.score - 10)
    expect(other.signals).toContain('birth date differs from the list')
    expect(screenPerson({ birthDate: '1990-06-01', name }, list, plain.score - 5)).toEqual([])
  })

  it('names what it compared even when nothing moved the score, so a reviewer sees it', () => {
    const [bare] = screenPerson({ name: 'Dmitriy Volkov' }, list, 50)
    expect(bare.signals).toContain('no birth date on file to compare')
    expect(bare.signals.length).toBeGreaterThan(0)
    const [known] = screenPerson({ birthDate: '1971-03-14', name: 'Dmitriy Volkov' }, list, 50)
    expect(known.signals).not.toContain('no birth date on file to compare')
  })

  it('a city on the list raises the score; listed addresses only abroad lower it', () => {
    const [abroad] = screenPerson({ city: 'Austin', name: 'Hector Ramires' }, list, 50)
    const [there] = screenPerson({ city: 'Tijuana', name: 'Hector Ramires' }, list, 50)
    expect(there.score).toBe(Math.min(100, there.nameScore + 5))
    expect(there.signals).toContain('city matches a listed address')
    expect(abroad.score).toBe(abroad.nameScore - 5)
    expect(abroad.signals).toContain('every listed address is outside the United States')
  })
})

describe('adverse decisions', () => {
  it('reads a decline in either spelling: score, range, up to four factors, bureau', () => {
    const camel = adverseDecisionOf({
      providerResponse: {
        bureau: 'Experian',
        creditScore: 580,
        decision: 'declined',
        keyFactors: ['a', 'b', 'c', 'd', 'e'],
        scoreRange: { max: 850, min: 300 },
      },
      providerSubmission: { status: 'accepted' },
    })
    expect(camel).toMatchObject({
      bureau: 'experian',
      keyFactors: ['a', 'b', 'c', 'd'],
      kind: 'declined',
      score: 580,
      scoreRange: { high: 850, low: 300 },
    })
    const snake = adverseDecisionOf({
      providerResponse: {
        credit_bureau: 'TRANSUNION',
        credit_score: '610',
        decision: 'DENIED',
        reason_codes: [{ code: '14', description: 'Too many inquiries' }],
        score_range: { high: 900, low: 250 },
      },
      providerSubmission: { status: 'accepted' },
    })
    expect(snake).toMatchObject({
      bureau: 'transunion',
      keyFactors: ['Too many inquiries'],
      score: 610,
    })
  })

  it('a counteroffer, an app never placed, and an approval', () => {
    expect(
      adverseDecisionOf({
        providerResponse: {
          counteroffer: { apr: 12.9, termMonths: 48 },
          decision: 'counter_offer',
        },
        providerSubmission: { status: 'accepted' },
      }),
    ).toMatchObject({ counteroffer: 'apr: 12.9, termMonths: 48', kind: 'counteroffer' })
    expect(adverseDecisionOf({ providerSubmission: { status: 'rejected' } })?.kind).toBe(
      'not_placed',
    )
    expect(adverseDecisionOf({ providerSubmission: { status: 'failed' } })?.kind).toBe('not_placed')
    expect(
      adverseDecisionOf({
        providerResponse: { decision: 'approved' },
        providerSubmission: { status: 'accepted' },
      }),
    ).toBeNull()
    expect(adverseDecisionOf({ providerSubmission: { status: 'queued' } })).toBeNull()
  })
})

describe('the notice', () => {
  const notice = {
    applicantAddress: '1 Main St, Austin, TX 78701',
    applicantName: 'Ada <Byron>',
    bureau: 'equifax',
    createdAt: '2026-01-05T10:00:00.000Z',
    creditorAddress: '500 Congress Ave, Austin, TX 78701',
    creditorName: 'Sunset Motors',
    id: 1,
    keyFactors: [{ factor: 'Serious delinquency' }],
    kind: 'declined',
    score: 580,
    scoreRangeHigh: 850,
    scoreRangeLow: 300,
  } as AdverseActionNotice

  it('says what the law asks, escaped', () => {
    const html = noticeHtml(notice)
    expect(html).toContain('We have declined your application for credit.')
    expect(html).toContain('580')
    expect(html).toContain('a low of 300 to a high of 850')
    expect(html).toContain('Serious delinquency')
    expect(html).toContain('P.O. Box 740241, Atlanta, GA 30374-0241')
    expect(html).toContain('1-800-685-1111')
    expect(html).toContain('no later than 60 days')
    expect(html).toContain('dispute')
    expect(html).toContain(ECOA_NOTICE.replace(/’/g, '&#8217;').slice(0, 60))
    expect(html).toContain('Ada &#60;Byron&#62;')
    expect(html).not.toContain('<Byron>')
  })

  it('without a score or bureau says no score was used and names no bureau', () => {
    const html = noticeHtml({
      ...notice,
      bureau: null,
      keyFactors: [],
      kind: 'not_placed',
      reason: 'Dealer not enrolled',
      score: null,
    })
    expect(html).toContain('No credit score was used')
    expect(html).toContain('Dealer not enrolled')
    expect(html).not.toContain('Equifax')
  })
})
