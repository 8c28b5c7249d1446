import fs from 'node:fs'

import { type Browser, chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Debian's Chromium, headless, with everything that would reach beyond this machine turned off. */
export const launchBrowser = (): Promise<Browser> => {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found: install Debian's chromium package (apt-get install -y chromium)`,
    )
  }
  return chromium.launch({
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    executablePath: CHROMIUM,
  })
}
