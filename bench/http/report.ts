/** The benchmark's findings: per target, medians over runs; printed as one markdown table. */
import { median } from '../common'
import type { LoadResult } from './load'

export type Measured = {
  failures: Record<number, number>
  label: string
  runs: LoadResult[]
  rss: number[]
  sqlPerRequest: number
}

export type Row = { measured: Measured[]; name: string }

/** A figure as printed; one not measured (NaN), a dash. */
const fixed = (value: number, digits: number) =>
  Number.isNaN(value)
    ? '–'
    : value.toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })

const rate = (measured: Measured) => median(measured.runs.map((run) => run.perSecond))

export const table = (rows: Row[]): string => {
  const lines = [
    '| Workload | Target | req/s | p50 ms | p99 ms | ratio | SQL/req | RSS MiB | non-2xx |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
  ]
  for (const { measured, name } of rows) {
    const baseline = measured.find((target) => target.label === 'baseline')
    measured.forEach((target, i) => {
      const failures = Object.entries(target.failures)
        .map(([status, count]) => `${count}×${status}`)
        .join(' ')
      lines.push(
        `| ${i === 0 ? name : ''} | ${target.label} | ${fixed(rate(target), 0)} | ${fixed(
          median(target.runs.map((run) => run.p50)),
          1,
        )} | ${fixed(median(target.runs.map((run) => run.p99)), 1)} | ${
          baseline ? fixed(rate(target) / rate(baseline), 3) : '–'
        } | ${fixed(target.sqlPerRequest, 1)} | ${fixed(median(target.rss), 0)} | ${failures || 0} |`,
      )
    })
  }
  return lines.join('\n')
}

/** Paths at which two JSON values differ (at most `limit`). */
export const differences = (a: unknown, b: unknown, path = '', limit = 8): string[] => {
  if (JSON.stringify(a) === JSON.stringify(b)) return []
  const isObject = (value: unknown) => value !== null && typeof value === 'object'
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b))
    return [
      `${path || '.'}: ${JSON.stringify(a)?.slice(0, 60)} ≠ ${JSON.stringify(b)?.slice(0, 60)}`,
    ]
  const keys = [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])].sort()
  return keys
    .flatMap((key) =>
      differences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
        limit,
      ),
    )
    .slice(0, limit)
}
