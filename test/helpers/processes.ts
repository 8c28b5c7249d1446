import fs from 'node:fs'

/** The PIDs of the processes whose parent is `pid` (for a primary: its workers and helpers). */
export const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const parent = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]
        return parent === String(pid)
      } catch {
        return false
      }
    })
    .map(Number)
