/**
 * The README is the front door and docs/ holds the rest: every relative link between them (and
 * every anchor, as GitHub makes heading anchors) must lead somewhere, the README stays short, and
 * the configuration table lists every setting src/lib/settings.ts reads.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from '@jest/globals'

import { schemas } from '@/lib/settings'

const root = path.resolve(import.meta.dirname, '../..')

/** README.md and every page of docs/, by path from the project root. */
const pages = (): string[] => [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

const read = (page: string): string => fs.readFileSync(path.join(root, page), 'utf8')

/** The text outside fenced code blocks (a `#` there is no heading, a `](` no link). */
const prose = (markdown: string): string =>
  markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, (code) =>
    // Inline code keeps its words (they make anchors) but links in it are not links.
    code.replace(/\]\(/g, '] ('),
  )

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')

/** The anchors of a page's headings, repeated ones numbered as GitHub numbers them. */
const anchorsOf = (markdown: string): Set<string> => {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const [, text] of prose(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(text)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count ? `${base}-${count}` : base)
  }
  return anchors
}

/** Every link and image target of a page that is not an address elsewhere. */
const relativeLinks = (markdown: string): string[] =>
  [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))

/** A page's text by its path from the project root, or undefined when there is no such file. */
type Reader = (file: string) => string | undefined

const fromDisk: Reader = (file) => (fs.existsSync(path.join(root, file)) ? read(file) : undefined)

/** The links of `page` that lead nowhere: a missing file, or a heading its page does not have. */
const brokenLinks = (page: string, readFile: Reader = fromDisk): string[] =>
  relativeLinks(readFile(page) ?? '').filter((target) => {
    const [file, anchor] = target.split('#') as [string, string | undefined]
    const resolved = file ? path.join(path.dirname(page), decodeURIComponent(file)) : page
    const text = resolved.endsWith('.md') ? readFile(resolved) : undefined
    if (text === undefined && !fs.existsSync(path.join(root, resolved))) return true
    if (anchor === undefined) return false
    return text === undefined || !anchorsOf(text).has(decodeURIComponent(anchor))
  })

describe('the README and docs/', () => {
  it('make anchors as GitHub does', () => {
    expect(slug('Commerce API (endpoints 1–10)')).toBe('commerce-api-endpoints-110')
    expect(slug('Sending a credit app (`toProvider`)')).toBe('sending-a-credit-app-toprovider')
    expect(slug('`ETag`, `If-None-Match`, `If-Match`')).toBe('etag-if-none-match-if-match')
    expect(slug('7. Sanctions screening')).toBe('7-sanctions-screening')
    expect(slug('Dealers: staff of one company')).toBe('dealers-staff-of-one-company')
  })

  it('link only to files and headings that exist', () => {
    expect(pages().length).toBeGreaterThan(1)
    const broken = pages().flatMap((page) => brokenLinks(page).map((link) => `${page}: ${link}`))
    expect(broken).toEqual([])
  })

  it('find a broken link when there is one', () => {
    const files: Record<string, string> = {
      'docs/api.md': '# The API\n\n## Paging\n',
      'docs/here.md':
        '# Here\n\n```sh\n# not a heading\n```\n\n[a](#here) [b](#nowhere) [c](missing.md) ' +
        '[d](api.md#nope) [e](api.md#paging) [f](#not-a-heading) [g](screenshots/list.png) `[h](x.md)`\n',
    }
    expect(brokenLinks('docs/here.md', (file) => files[file])).toEqual([
      '#nowhere',
      'missing.md',
      'api.md#nope',
      '#not-a-heading',
    ])
  })

  it('keep the README at most 300 lines', () => {
    const lines = read('README.md').split('\n')
    const count = lines.at(-1) === '' ? lines.length - 1 : lines.length
    expect(count).toBeLessThanOrEqual(300)
  })

  it('keep the quick start and the test command at the top of the README', () => {
    const readme = read('README.md')
    const start = readme.indexOf('npm install && npm start')
    const test = readme.indexOf('npm install && npm test')
    expect(start).toBeGreaterThan(-1)
    expect(test).toBeGreaterThan(start)
    expect(readme.slice(0, start).split('\n').length).toBeLessThan(20)
    expect(readme.indexOf('## ')).toBe(readme.indexOf('## Quick start'))
  })

  it('list every setting in the configuration table, with its default and meaning', () => {
    const rows = read('docs/configuration.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split(' | '))
    const documented = new Map(
      rows.flatMap((cells) =>
        [...cells[0].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => [match[1], cells] as const),
      ),
    )
    const settings = Object.values(schemas).flatMap((schema) => Object.keys(schema.shape))
    expect(settings.length).toBeGreaterThan(50)
    expect(settings.filter((name) => !documented.has(name))).toEqual([])
    // A default and a meaning: three cells, none of them empty.
    expect(
      settings.filter((name) => {
        const cells = documented.get(name)!
        return cells.length < 3 || cells.slice(1).some((cell) => !cell.replace(/\|/g, '').trim())
      }),
    ).toEqual([])
  })
})
