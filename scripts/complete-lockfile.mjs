/**
 * Adds to package-lock.json the platform binaries that a package lists in `optionalDependencies`
 * but the lock file lacks. `npm install` records only the binaries the registry serves; when a
 * registry mirror lacks other platforms' builds (404), their entries are left out and `npm ci`
 * refuses the lock file ("Missing: @swc/core-darwin-arm64@ from lock file").
 *
 * Each missing binary gets an entry with the exact version its parent names, `optional: true`
 * (plus the `dev` flag of a sibling binary, or of the parent) and the `os` / `cpu` / `libc` read
 * from its name (`-darwin-arm64`, `-linux-x64-musl`, `-win32-ia32-msvc` …). `npm ci` then skips it
 * as platform-incompatible without fetching it; on its own platform it is fetched as usual.
 *
 * Usage: node scripts/complete-lockfile.mjs [--check]
 *   Re-run after `npm install` changes dependencies. With --check, only reports and exits 1 when
 *   entries are missing.
 */
import { readFileSync, writeFileSync } from 'node:fs'

const LOCK = new URL('../package-lock.json', import.meta.url)
const check = process.argv.includes('--check')

const OS = {
  aix: 'aix',
  android: 'android',
  darwin: 'darwin',
  freebsd: 'freebsd',
  linux: 'linux',
  linuxmusl: 'linux',
  netbsd: 'netbsd',
  openbsd: 'openbsd',
  openharmony: 'openharmony',
  sunos: 'sunos',
  win32: 'win32',
}
const CPU = ['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64']
const LIBC = { gnu: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl' }
const FLAGS = ['dev', 'devOptional', 'peer']

/** `os`, `cpu` and `libc` from a binary package's name, or null when the name does not say. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const osAt = parts.findIndex((p) => p in OS)
  const cpu = parts[osAt + 1]
  if (osAt < 0 || !CPU.includes(cpu)) return null
  const platform = { cpu: [cpu], os: [OS[parts[osAt]]] }
  const libc = parts[osAt] === 'linuxmusl' ? 'musl' : LIBC[parts[osAt + 2]]
  if (libc) platform.libc = [libc]
  return platform
}

/** The lock paths that Node's resolution would try for `name` required from `from`, nearest first. */
function candidates(from, name) {
  const paths = []
  for (let dir = from; ;) {
    paths.push(dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`)
    if (!dir) return paths
    const at = dir.lastIndexOf('node_modules/')
    dir = at < 0 ? '' : dir.slice(0, at).replace(/\/$/, '')
  }
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'))
const packages = lock.packages
const added = []
const problems = []

for (const [from, parent] of Object.entries(packages)) {
  const optional = parent.optionalDependencies ?? {}
  const found = Object.keys(optional)
    .map((dep) => candidates(from, dep).find((path) => packages[path]))
    .filter(Boolean)
  for (const [name, version] of Object.entries(optional)) {
    const paths = candidates(from, name)
    if (paths.some((path) => packages[path])) continue
    const platform = platformOf(name)
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version) || !platform) {
      problems.push(`${from || '(root)'} -> ${name}@${version}`)
      continue
    }
    // Beside a sibling binary of the same parent (where npm hoisted it), else at the top level;
    // dependency flags as the sibling's, else as the parent's.
    const sibling = found[0]
    const path = sibling
      ? sibling.slice(0, sibling.lastIndexOf('node_modules/') + 13) + name
      : paths[paths.length - 1]
    const entry = { version }
    for (const flag of FLAGS) if ((sibling ? packages[sibling] : parent)[flag]) entry[flag] = true
    if (!entry.devOptional) entry.optional = true
    packages[path] = { ...entry, ...platform }
    added.push(`${path}@${version}`)
  }
}

if (problems.length) {
  console.error(`Cannot complete (not an exact version, or no platform in the name):`)
  for (const problem of problems) console.error(`  ${problem}`)
  process.exit(1)
}
if (check) {
  for (const line of added) console.log(`missing: ${line}`)
  process.exit(added.length ? 1 : 0)
}
if (added.length) {
  // npm's order: keys sorted, each entry's fields as npm writes them.
  const order = [
    'version',
    'resolved',
    'integrity',
    'cpu',
    'dev',
    'devOptional',
    'libc',
    'optional',
    'os',
    'peer',
  ]
  for (const line of added) {
    const path = line.slice(0, line.lastIndexOf('@'))
    const entry = packages[path]
    packages[path] = Object.fromEntries(order.filter((k) => k in entry).map((k) => [k, entry[k]]))
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')),
  )
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`)
}
console.log(`package-lock.json: ${added.length} optional platform entries added`)
for (const line of added) console.log(`  ${line}`)
