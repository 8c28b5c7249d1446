import fs from 'node:fs'

/** The fields of /proc/<pid>/stat after the command name (state, parent, …, utime, stime, …). */
const stat = (pid: number | string): string[] =>
  fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []

/** The PIDs of the processes whose parent is `pid` (for a primary: its workers and helpers). */
export const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return stat(entry)[1] === String(pid)
      } catch {
        return false
      }
    })
    .map(Number)

/** The command line of `pid`: the executable, Node's options, the script and its arguments. */
export const commandLineOf = (pid: number): string[] =>
  fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)

/** CPU seconds (user + system) the process `pid` has used so far. */
export const cpuSeconds = (pid: number): number => {
  const fields = stat(pid)
  return (Number(fields[11]) + Number(fields[12])) / 100
}
