import type { Locator, Page } from 'playwright-core'

/** Whether `locator` shows up within `timeout`. */
const within = (locator: Locator, timeout: number): Promise<boolean> =>
  locator.waitFor({ timeout }).then(
    () => true,
    () => false,
  )

/**
 * Types `value` into `input` and saves, until `shown` (the answer the save brings) appears. The
 * admin page is drawn on the server first: on a loaded machine, a value typed before the form
 * hydrates is dropped and Save stays disabled, so it is typed again until Save takes it. Each try
 * clears the field first: React ignores an input event whose value equals the one the DOM held
 * when it hydrated, so typing the same text again would never reach the form. For a save the
 * service refuses (it changes nothing, so it may be sent again).
 */
export const typeAndSaveUntil = async (
  page: Page,
  input: Locator,
  value: string,
  shown: Locator,
): Promise<void> => {
  const save = page.locator('#action-save:not([disabled])')
  for (let tries = 1; ; tries += 1) {
    await input.fill('')
    await input.fill(value)
    if (await within(save, 5_000)) {
      await save.click()
      if (await within(shown, 20_000)) return
    }
    if (tries === 8) throw new Error(`the form never showed ${String(shown)}`)
  }
}
