import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { serviceRequests } from '#server/db/schema.ts'
import { createRuntime } from '#server/runtime.ts'
import { describeEmbedded } from '#tests/helpers/embedded-only.ts'
import { runManage } from '#tests/helpers/manage.ts'

// `npm run manage -- purge-requests` (docs/decisions/071-service-routing.md) on its own embedded database.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actuator-manage-purge-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describeEmbedded('npm run manage -- purge-requests', () => {
  it('deletes the expired requests once and says how many', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' })
    const runtime = await createRuntime(config)
    const at = new Date()
    const row = (n: number, retain: number) => ({
      kind: 'as',
      status: 'unconfirmed',
      lang: 'ko',
      symptom: 'other',
      description: '명령 테스트',
      contact_name: '홍길동',
      company: '명령',
      phone: '010-0000-0000',
      email: `purge-${n}@example.com`,
      consent_version: 'test',
      consented_at: at,
      created_at: at,
      updated_at: at,
      retain_until: new Date(at.getTime() + retain),
    })
    await runtime.database.db.insert(serviceRequests).values([row(1, -60_000), row(2, -1000), row(3, 3_600_000)])
    await runtime.close()

    const first = runManage(dataDir, 'purge-requests')
    expect(first.out).toContain('expired service requests deleted: 2 requests, 0 files')
    expect(first.status).toBe(0)
    expect(runManage(dataDir, 'purge-requests').out).toContain('expired service requests deleted: 0 requests, 0 files')
    expect(runManage(dataDir, 'help').out).toMatch(/^ {2}purge-requests\b/m)
  }, 240_000)
})
