import { spawnSync } from 'node:child_process'

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
