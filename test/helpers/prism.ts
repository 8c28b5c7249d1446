/**
 * Stoplight Prism's validating proxy (`prism proxy`, from the `@stoplight/prism-cli` dev
 * dependency) in front of a test service, on 127.0.0.1: each answer that passes through it
 * carries `sl-violations` when the request or the answer does not match the document.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import net, { type AddressInfo } from 'node:net'

export type PrismProxy = { log: () => string; stop: () => Promise<void>; url: string }

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))

/** Starts `prism proxy documentFile upstream` on a free port and waits until it accepts connections. */
export const startPrismProxy = async (
  documentFile: string,
  upstream: string,
): Promise<PrismProxy> => {
  const cli = createRequire(`${process.cwd()}/package.json`).resolve(
    '@stoplight/prism-cli/dist/index.js',
  )
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [cli, 'proxy', documentFile, upstream, '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = async () => {
    child.kill('SIGTERM')
    await exited(child)
  }
  // Prism's CLI takes seconds to load, many more on a machine busy with other tests.
  const deadline = Date.now() + 120_000
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`prism proxy did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { log: () => output, stop, url: `http://127.0.0.1:${port}` }
}
