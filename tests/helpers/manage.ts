import { execFile, spawnSync } from 'node:child_process'

/**
 * `npm run manage -- <args>` as an operator runs it, on the embedded database of `dataDir`
 * (whatever database the test run uses). Returns the exit status and stdout + stderr.
 */
export function runManage(dataDir: string, ...args: string[]): { status: number | null; out: string } {
  const { DATABASE_URL: _, ...env } = process.env
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/manage/index.ts', ...args], {
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
      ['--import', 'tsx', 'server/manage/index.ts', ...args],
      { env: { ...base, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: `${stdout}${stderr}` }),
    )
  })
}
