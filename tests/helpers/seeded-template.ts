import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'
import { TEMPLATE_PREFIX } from '../vitest-global.ts'

/**
 * The migrated database with the demo content, made once per test worker and copied for each test
 * file that asks for it: PGlite from an image of its data directory, PostgreSQL with
 * `CREATE DATABASE … TEMPLATE`, and the seeded files by copying their directory. Migrating and
 * seeding took 3 to 6 s per file; a copy takes a fraction of that.
 */
type Template = { pgliteImage?: Blob; templateDatabase?: string; filesDir: string }

let template: Promise<Template> | undefined

function makeTemplate(): Promise<Template> {
  template ??= (async () => {
    const filesDir = fs.mkdtempSync(path.join(inject('templateFilesRoot'), 'files-'))
    const admin = process.env.DATABASE_URL
    const templateDatabase = admin ? `${TEMPLATE_PREFIX}${process.pid}` : undefined
    if (admin && templateDatabase) await adminQuery(admin, `create database ${templateDatabase}`)
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory',
      LOG_LEVEL: 'silent',
      ...(admin && templateDatabase ? { DATABASE_URL: databaseUrl(admin, templateDatabase) } : {}),
    })
    config.filesDir = filesDir
    const runtime = await createRuntime(config)
    const pgliteImage = await runtime.database.image?.()
    await runtime.close()
    return { filesDir, ...(pgliteImage ? { pgliteImage } : {}), ...(templateDatabase ? { templateDatabase } : {}) }
  })()
  return template
}

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL is set (the
 * PostgreSQL run of CI), a new database on that server that `drop()` removes. With `seededFilesDir`,
 * it is a copy of the worker's migrated and seeded template, and that directory receives its files.
 */
export async function freshDatabase(options: { seededFilesDir?: string } = {}): Promise<{
  url: string | undefined
  pgliteImage: Blob | undefined
  drop(): Promise<void>
}> {
  const seeded = options.seededFilesDir ? await makeTemplate() : undefined
  if (seeded && options.seededFilesDir) fs.cpSync(seeded.filesDir, options.seededFilesDir, { recursive: true })
  const admin = process.env.DATABASE_URL
  if (!admin) return { url: undefined, pgliteImage: seeded?.pgliteImage, drop: async () => {} }
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  await adminQuery(
    admin,
    seeded?.templateDatabase
      ? `create database ${name} template ${seeded.templateDatabase}`
      : `create database ${name}`,
  )
  return {
    url: databaseUrl(admin, name),
    pgliteImage: undefined,
    drop: () => adminQuery(admin, `drop database if exists ${name} with (force)`),
  }
}

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.toString()
}

async function adminQuery(admin: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
