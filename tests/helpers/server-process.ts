import { spawn, type ChildProcess } from 'node:child_process'
import { ensureBuild } from './build.ts'

export type ServerProcess = {
  child: ChildProcess
  pid: number
  base: string
  /** Everything it wrote to stdout and stderr so far. */
  output(): string
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>
}

/**
 * `node build/main.js` as an operator starts it, on the embedded database of `dataDir`, on a
 * free port; resolves once it listens (the port read from its log line).
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  await ensureBuild()
  const { DATABASE_URL: _, ...inherited } = process.env
  const child = spawn(process.execPath, ['build/main.js'], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not listen in 120 s:\n${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}) before listening:\n${output}`))
    })
  })
  return {
    child,
    pid: child.pid!,
    base,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
