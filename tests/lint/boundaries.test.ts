import { ESLint } from 'eslint'
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The lint rules of eslint.config.js catch what they are there for: each case lints a small
 * piece of code as if it were a file of the project and expects the rule to fire. The same
 * code at an allowed place must pass, so the rule is not simply firing on everything.
 */
let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() })
})

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

const use = (names: string) => `\nexport const used = [${names}]\n`

describe('layer boundaries', () => {
  it('server/ never imports app/', async () => {
    const code = `import { ErrorPage } from '#app/components/error-page.tsx'${use('ErrorPage')}`
    expect(await ruleIds(code, 'server/api/probe.ts')).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(code, 'app/routes/probe.tsx')).not.toContain('import-x/no-restricted-paths')
  })

  it('shared/ imports neither app/ nor server/', async () => {
    expect(await ruleIds(`import { useT } from '#app/i18n/use-lang.ts'${use('useT')}`, 'shared/probe.ts')).toContain(
      'import-x/no-restricted-paths',
    )
    expect(
      await ruleIds(`import { paged } from '#server/services/pagination.ts'${use('paged')}`, 'shared/probe.ts'),
    ).toContain('import-x/no-restricted-paths')
  })

  it('app/components and app/utils never import a route or root.tsx', async () => {
    const route = `import Login from '#app/routes/members/login.tsx'${use('Login')}`
    const root = `import { loader } from '#app/root.tsx'${use('loader')}`
    expect(await ruleIds(route, 'app/components/probe.tsx')).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(root, 'app/utils/probe.ts')).toContain('import-x/no-restricted-paths')
  })

  it('server/db never imports server/services', async () => {
    const code = `import { sanitizeRichText } from '#server/services/html.ts'${use('sanitizeRichText')}`
    expect(await ruleIds(code, 'server/db/probe.ts')).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(code, 'server/seed/probe.ts')).not.toContain('import-x/no-restricted-paths')
  })

  it('server/services never imports server/http (cookies and request bodies stay at the edge)', async () => {
    const code = `import { readSessionToken } from '#server/http/session-cookie.ts'${use('readSessionToken')}`
    expect(await ruleIds(code, 'server/services/members/probe.ts')).toContain('import-x/no-restricted-paths')
    expect(await ruleIds(code, 'server/api/probe.ts')).not.toContain('import-x/no-restricted-paths')
    expect(await ruleIds(code, 'app/utils/probe.server.ts')).not.toContain('import-x/no-restricted-paths')
    const api = `import { ok } from '#server/api/query.ts'${use('ok')}`
    expect(await ruleIds(api, 'server/http/probe.ts')).toContain('import-x/no-restricted-paths')
  })

  it('browser code takes only types from server/', async () => {
    const value = `import { paged } from '#server/services/pagination.ts'${use('paged')}`
    const type = `import type { User } from '#server/db/schema.ts'\nexport type U = User\n`
    expect(await ruleIds(value, 'app/routes/probe.tsx')).toContain('@typescript-eslint/no-restricted-imports')
    expect(await ruleIds(type, 'app/routes/probe.tsx')).not.toContain('@typescript-eslint/no-restricted-imports')
    expect(await ruleIds(value, 'app/utils/probe.server.ts')).not.toContain('@typescript-eslint/no-restricted-imports')
  })

  it('code the browser may load takes zod from shared/zod.ts (no eval probe under the CSP)', async () => {
    const value = `import { z } from 'zod'${use('z.string()')}`
    const type = `import type { z } from 'zod'\nexport type S = z.ZodType\n`
    const ours = `import { z } from '#shared/zod.ts'${use('z.string()')}`
    expect(await ruleIds(value, 'shared/probe.ts')).toContain('@typescript-eslint/no-restricted-imports')
    expect(await ruleIds(value, 'app/routes/probe.tsx')).toContain('@typescript-eslint/no-restricted-imports')
    expect(await ruleIds(type, 'app/routes/probe.tsx')).not.toContain('@typescript-eslint/no-restricted-imports')
    expect(await ruleIds(ours, 'shared/probe.ts')).not.toContain('@typescript-eslint/no-restricted-imports')
    expect(await ruleIds(value, 'server/api/probe.ts')).not.toContain('@typescript-eslint/no-restricted-imports')
  })
})

describe('import cycles', () => {
  it('a module importing one that imports it back is a cycle', async () => {
    // header.tsx imports nav-items.ts; nav-items.ts importing header.tsx closes the loop.
    const file = 'app/components/layout/nav-items.ts'
    const original = fs.readFileSync(file, 'utf8')
    expect(await ruleIds(original, file)).not.toContain('import-x/no-cycle')
    const cyclic = `import { Header } from './header.tsx'\n${original}${use('Header')}`
    expect(await ruleIds(cyclic, file)).toContain('import-x/no-cycle')
  })
})

describe('file names', () => {
  it('must be kebab-case (middle extensions such as .server and .test allowed)', async () => {
    const code = 'export const x = 1\n'
    expect(await ruleIds(code, 'app/components/ui/TextInput.tsx')).toContain('check-file/filename-naming-convention')
    expect(await ruleIds(code, 'app/utils/session_store.server.ts')).toContain('check-file/filename-naming-convention')
    expect(await ruleIds(code, 'app/utils/session-store.server.ts')).not.toContain(
      'check-file/filename-naming-convention',
    )
  })
})
