import { execFile, spawnSync } from 'node:child_process'
import { isFresh } from './build.ts'

/**
 * The node arguments of `npm run manage`: the bundled build/manage.js when the build is up to date
 * (as a production install runs it; it starts in about a third of tsx's time, and the suite spawns
 * it about a hundred times), else the source through tsx.
 */
export const manageEntry = (): string[] =>
  isFresh() ? ['build/manage.js'] : ['--import', 'tsx', 'server/manage/index.ts']

/**
 * `npm run manage -- <args>` as an operator runs it, on the embedded database of `dataDir`
 * (whatever database the test run uses). Returns the exit status and stdout + stderr.
 */
export function runManage(dataDir: string, ...args: string[]): { status: number | null; out: string } {
  const { DATABASE_URL: _, ...env } = process.env
  const result = spawnSync(process.execPath, [...manageEntry(), ...args], {
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: result.status, out: `${result.stdout}${result.stderr}` }
}

/**
 * As `runManage`, without blocking this process (for a command that talks to a server this test
 * runs), and with extra environment (`DATABASE_URL` is dropped unless given here).
 */
export function runManageAsync(
  dataDir: string,
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number | null; out: string }> {
  const { DATABASE_URL: _, ...base } = process.env
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...manageEntry(), ...args],
      { env: { ...base, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: `${stdout}${stderr}` }),
    )
  })
}
