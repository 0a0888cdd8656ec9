// node scripts/js-floor.mjs: the least JavaScript a React Router 7 page can load. Writes a bare
// framework-mode app (a root layout with <Scripts />, one empty route, React Router's default
// entries) to a temporary directory, builds it for production with this project's own packages
// (same react, react-dom, react-router and vite versions), renders `/` and prints the gzip bytes
// of every script that page loads. docs/decisions/024-javascript-budget.md
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { kb, pageJs } from './page-js.mjs'

const files = {
  // React Router looks for its Node runtime among the dependencies.
  'package.json': JSON.stringify({ name: 'js-floor', private: true, type: 'module', dependencies: { '@react-router/node': '*', isbot: '*', react: '*', 'react-dom': '*', 'react-router': '*' } }),
  'react-router.config.ts': "export default { appDirectory: 'app', ssr: true }\n",
  'vite.config.ts':
    "import { reactRouter } from '@react-router/dev/vite'\nimport { defineConfig } from 'vite'\n" +
    "export default defineConfig({ plugins: [reactRouter()], build: { target: 'es2022' } })\n",
  'app/routes.ts': "import { index } from '@react-router/dev/routes'\nexport default [index('routes/home.tsx')]\n",
  'app/root.tsx': `import { Links, Meta, Outlet, Scripts } from 'react-router'
export function Layout({ children }: { children: React.ReactNode }) {
  return (<html lang="en"><head><meta charSet="utf-8" /><Meta /><Links /></head><body>{children}<Scripts /></body></html>)
}
export default function App() { return <Outlet /> }
`,
  'app/routes/home.tsx': 'export default function Home() { return <h1>Floor</h1> }\n',
}

/** Builds the bare app in `dir` (kept when given) and measures its page. */
export async function measureFloor(keep) {
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'js-floor-'))
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
      fs.writeFileSync(path.join(dir, name), text)
    }
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir')
    const bin = path.resolve('node_modules/.bin/react-router')
    // A production build whoever calls (vitest sets NODE_ENV=test, which would build React's development copy).
    const built = spawnSync(bin, ['build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
    if (built.status !== 0) throw new Error(`floor build failed:\n${built.stdout}\n${built.stderr}`)
    const { createRequestHandler } = await import('react-router')
    const build = await import(pathToFileURL(path.join(dir, 'build/server/index.js')).href)
    const response = await createRequestHandler(build, 'production')(new Request('http://localhost/'))
    return pageJs(await response.text(), path.join(dir, 'build/client'))
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // --keep <dir>: leave the built app there (to serve it and run Lighthouse on it).
  const keep = process.argv.includes('--keep') ? path.resolve(process.argv[process.argv.indexOf('--keep') + 1]) : undefined
  if (keep) fs.mkdirSync(keep, { recursive: true })
  const floor = await measureFloor(keep)
  for (const f of floor.files) console.log(`${String(kb(f.gzip)).padStart(6)} KB  ${f.url}`)
  console.log(`${String(kb(floor.total)).padStart(6)} KB  gzip, all JavaScript of the bare page (${floor.total} bytes)`)
}
