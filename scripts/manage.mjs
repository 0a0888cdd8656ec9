// `npm run manage -- <command>` (docs/decisions/045-commands-on-a-running-server.md): the source
// through tsx where the development tools are installed; on a production install
// (`npm ci --omit=dev` beside a built `build/`), the bundled build/manage.js. Both read the
// service's environment file first (ENV_FILE, else /etc/actuator/env when readable), as the
// systemd unit does; what the shell sets wins over the file.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

const envFile = process.env.ENV_FILE ?? '/etc/actuator/env'
const readable = (file) => {
  try {
    fs.accessSync(file, fs.constants.R_OK)
    return true
  } catch {
    return false
  }
}
if (process.env.ENV_FILE && !readable(envFile)) {
  console.error(`ENV_FILE ${envFile} cannot be read`)
  process.exit(2)
}
const fromSource = fs.existsSync('node_modules/tsx')
if (!fromSource && !fs.existsSync('build/manage.js')) {
  console.error('build/manage.js is missing: run `npm run build` (or install the development tools for tsx)')
  process.exit(2)
}
const node = [
  ...(readable(envFile) ? [`--env-file=${envFile}`] : []),
  ...(fromSource ? ['--import', 'tsx', 'server/manage/index.ts'] : ['build/manage.js']),
  ...process.argv.slice(2),
]
const env = fromSource ? process.env : { NODE_ENV: 'production', ...process.env }
const result = spawnSync(process.execPath, node, { stdio: 'inherit', env })
process.exit(result.status ?? 1)
