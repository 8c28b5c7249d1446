/**
 * Signing in to the admin UI in Chromium the way a person does, second factor included: the
 * first sign-in of an account that needs one reads the key off the page, enters a code computed
 * here and keeps the recovery codes shown; later sign-ins enter a fresh code, or a recovery code
 * when every code the server would accept now was used already (codes are single-use).
 */
import { generateSync } from 'otplib'
import type { Page } from 'playwright-core'

type Factor = { lastStep: number; recoveryCodes: string[]; secret: string }

const PERIOD = 30

/** The second factors set up in this process, by e-mail address. */
export const factors = new Map<string, Factor>()

const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD)

/** A second factor just shown with `secret`: every code of this period on is still unused. */
export const newFactor = (secret: string): Factor => ({
  lastStep: currentStep() - 2,
  recoveryCodes: [],
  secret,
})

/**
 * A code the server accepts now (one period of drift either way) and has not seen, or null: this
 * period's, else the next one's, which stay accepted for 30 to 90 s. Not the last period's: on a
 * busy machine it can expire between being computed and being checked.
 */
export const freshCode = (factor: Factor): null | string => {
  const step = Math.max(factor.lastStep + 1, currentStep())
  if (step > currentStep() + 1) return null
  factor.lastStep = step
  return generateSync({ epoch: step * PERIOD, secret: factor.secret })
}

const submit = (page: Page) => page.locator('button[type="submit"]').click()

/** What the sign-in page shows after a submit: the admin UI, or a step asking for a code. */
const nextStep = async (page: Page): Promise<'code' | 'done' | 'enrol'> => {
  const left = page
    .waitForURL((url) => !url.pathname.includes('/login'), { timeout: 60_000 })
    .then(() => 'done' as const)
  const asked = page
    .locator('input[name="code"]')
    .waitFor({ timeout: 60_000 })
    .then(async () =>
      (await page.locator('[data-mfa-secret]').count()) ? ('enrol' as const) : ('code' as const),
    )
  return Promise.race([left, asked])
}

export const signIn = async (page: Page, baseUrl: string, email: string, password: string) => {
  await page.goto(`${baseUrl}/admin/login`)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await submit(page)
  const step = await nextStep(page)
  if (step === 'done') return
  if (step === 'enrol') {
    const secret = (await page.locator('[data-mfa-secret]').innerText()).trim()
    const factor = newFactor(secret)
    await page.locator('input[name="code"]').fill(freshCode(factor)!)
    await submit(page)
    await page.locator('[data-recovery-codes] li').first().waitFor({ timeout: 30_000 })
    factor.recoveryCodes = await page.locator('[data-recovery-codes] li').allInnerTexts()
    factors.set(email, factor)
    await page.getByRole('button', { name: /saved them/ }).click()
  } else {
    const factor = factors.get(email)
    if (!factor) throw new Error(`${email} has a second factor this test did not set up`)
    const code = freshCode(factor)
    if (!code) await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await page.locator('input[name="code"]').fill(code ?? factor.recoveryCodes.shift()!)
    await submit(page)
  }
  await page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: 60_000 })
}
