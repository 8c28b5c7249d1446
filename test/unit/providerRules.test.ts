/** The pure rules of provider sending: backoff, Retry-After, the provider's message, PII stripping. */
import { describe, expect, it } from '@jest/globals'

import { retryAfterMs, retryDelayMs } from '@/lib/retry'
import { stripPii } from '@/providers/pii'
import { providerMessage } from '@/providers/send'

const settings = { baseMs: 1000, maxAttempts: 8, maxDelayMs: 30_000 }

describe('retryDelayMs', () => {
  it('doubles per attempt, half fixed and half random', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, settings, null, () => 0))).toEqual([
      500, 1000, 2000, 4000,
    ])
    expect(
      [1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, settings, null, () => 0.999999)),
    ).toEqual([1000, 2000, 4000, 8000])
  })

  it('is capped, jitter included', () => {
    expect(retryDelayMs(20, settings, null, () => 0.999999)).toBe(30_000)
    expect(retryDelayMs(20, settings, null, () => 0)).toBe(15_000)
  })

  it('waits at least as long as Retry-After asks, within the cap', () => {
    expect(retryDelayMs(1, settings, 7000, () => 0)).toBe(7000)
    expect(retryDelayMs(3, settings, 100, () => 0)).toBe(2000)
    expect(retryDelayMs(1, settings, 3_600_000, () => 0)).toBe(30_000)
  })

  it('spreads apps that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, settings, null)))
    expect(delays.size).toBeGreaterThan(40)
  })
})

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-22T10:00:00Z')
  it.each([
    ['120', 120_000],
    [' 5 ', 5000],
    ['Sun, 22 Nov 2026 10:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('%s → %s', (header, expected) => expect(retryAfterMs(header, now)).toBe(expected))
})

describe('providerMessage', () => {
  it.each([
    [{ message: 'bad vin' }, 'bad vin'],
    [{ error: 'bad vin' }, 'bad vin'],
    [{ error: { message: 'bad vin' } }, 'bad vin'],
    [{ errors: [{ message: 'bad vin' }, { message: 'other' }] }, 'bad vin'],
    [{ detail: 'bad vin' }, 'bad vin'],
    [null, 'HTTP 422'],
    [{ message: '' }, 'HTTP 422'],
  ])('%j → %s', (answer, expected) => expect(providerMessage(answer, 422)).toBe(expected))

  it('is cut to 500 characters', () => {
    expect(providerMessage({ message: 'x'.repeat(2000) }, 400)).toHaveLength(500)
  })
})

describe('stripPii', () => {
  const secrets = ['123-45-6789', '1985-03-14']

  it('drops keys that name an SSN, tax id or birth date, at any depth', () => {
    expect(
      stripPii(
        {
          a: { SSN: 1, dateOfBirth: 2, dob: 3, keep: 4, socialSecurityNumber: 5, tax_id: 6 },
          list: [{ birth_date: 1, ok: true }],
        },
        secrets,
      ),
    ).toEqual({
      a: { keep: 4 },
      list: [{ ok: true }],
    })
  })

  it.each([
    'SSN 123-45-6789 mismatch',
    'tax id 123456789',
    'id 123 45 6789 rejected',
    'born 1985-03-14',
    'DOB 03/14/1985',
    'dob 19850314',
  ])('replaces a text holding a secret: %s', (text) =>
    expect(stripPii({ message: text }, secrets)).toEqual({ message: '[redacted]' }),
  )

  it("replaces what reads as anyone's SSN in every other text and key, the rest kept", () => {
    expect(
      stripPii(
        {
          counteroffer: { '987 65 4322 term': '60 months for 987-65-4322' },
          keyFactors: ['Too many inquiries 987-65-4322', 'Short history', { text: '987654322' }],
          message: 'Applicant &#57;87-65-4322 on file; call 213-555-0147',
        },
        secrets,
      ),
    ).toEqual({
      counteroffer: { '[SSN removed] term': '60 months for [SSN removed]' },
      keyFactors: ['Too many inquiries [SSN removed]', 'Short history', { text: '[SSN removed]' }],
      message: 'Applicant [SSN removed] on file; call 213-555-0147',
    })
  })

  it('keeps everything else as it is', () => {
    const answer = {
      amount: 25_000,
      approved: true,
      id: 'a-17',
      note: 'rate 6.9% for 60 months',
      tiers: ['A', 'B'],
    }
    expect(stripPii(answer, secrets)).toEqual(answer)
    expect(stripPii('plain', [])).toBe('plain')
    expect(stripPii(null, secrets)).toBeNull()
  })
})

describe('settings', () => {
  it('a bad provider or runner setting stops the start, naming it', async () => {
    const { checkProviderSettings } = await import('@/providers/config')
    const { jobsPollMs } = await import('@/jobs/runner')
    const before = { ...process.env }
    try {
      process.env.PROVIDER_MAX_ATTEMPTS = '2.5'
      expect(() => checkProviderSettings()).toThrow(
        'PROVIDER_MAX_ATTEMPTS must be an integer of at least 1, got "2.5"',
      )
      process.env.PROVIDER_MAX_ATTEMPTS = '3'
      process.env.PROVIDER_TIMEOUT_MS = 'soon'
      expect(() => checkProviderSettings()).toThrow(
        'PROVIDER_TIMEOUT_MS must be a number of at least 1, got "soon"',
      )
      process.env.JOBS_POLL_MS = '1'
      expect(() => jobsPollMs()).toThrow('JOBS_POLL_MS must be a number of at least 10, got "1"')
    } finally {
      for (const name of ['PROVIDER_MAX_ATTEMPTS', 'PROVIDER_TIMEOUT_MS', 'JOBS_POLL_MS']) {
        if (before[name] === undefined) delete process.env[name]
        else process.env[name] = before[name]
      }
    }
  })
})
