import JSZip from 'jszip'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachments, documentRevisions, files, referenceDocuments, serviceDocuments } from '#server/db/schema.ts'
import type { ImportInput } from '#server/services/import/index.ts'
import { translate } from '#shared/i18n/messages.ts'
import type { ImportKind } from '#shared/import-kinds.ts'
import { enrolStaff, type EnrolledStaff } from '#tests/helpers/staff.ts'
import { buildTestApp } from '#tests/helpers/test-app.ts'

// Issue 30, finding 5: a revision never moves backwards. An import row for an existing document
// whose revision is older than the current one (or the same one with files) is a row problem of the
// dry run, and the real run refuses it the same way; a row that raises the revision carries its own
// files. The console's "issue a new revision" refuses an older or equal revision and a revision made
// only of the current files.
let t: Awaited<ReturnType<typeof buildTestApp>>
let editor: EnrolledStaff
beforeAll(async () => {
  t = await buildTestApp()
  editor = await enrolStaff(t.runtime.services, { username: 'revisions.editor@example.com', role: 'editor' })
}, 180_000)
afterAll(async () => {
  await t?.close()
}, 60_000)

const db = () => t.runtime.database.db
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`)
async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new JSZip()
  for (const [name, data] of Object.entries(entries)) zip.file(name, data)
  return zip.generateAsync({ type: 'nodebuffer' })
}
const csv = (text: string, zip?: Buffer): ImportInput => ({
  fileName: 'rows.csv',
  table: Buffer.from(`\uFEFF${text}`),
  ...(zip && { zipName: 'files.zip', zip }),
})
const run = (kind: ImportKind, input: ImportInput, dryRun = false) =>
  t.runtime.services.imports.run(kind, input, { dryRun, actor: { userId: null, ip: '127.0.0.1' } })
const HEADER = 'doc_number,revision,type,title,title_en,file_ko\n'

/** A document as it stands: the row, its own files, and its history's revisions (oldest first). */
async function stateOf(number: string) {
  const [doc] = await db().select().from(referenceDocuments).where(eq(referenceDocuments.doc_number, number))
  const own = await db()
    .select({ name: attachments.origin_file_name, key: attachments.file_name })
    .from(attachments)
    .where(and(eq(attachments.owner_type, 'reference'), eq(attachments.owner_id, doc!.id)))
    .orderBy(asc(attachments.sort_order))
  const history = await db()
    .select({ revision: documentRevisions.revision })
    .from(documentRevisions)
    .where(and(eq(documentRevisions.owner_type, 'reference'), eq(documentRevisions.owner_id, doc!.id)))
    .orderBy(asc(documentRevisions.id))
  return {
    doc: doc!,
    files: own.map((f) => f.name),
    keys: own.map((f) => f.key),
    history: history.map((h) => h.revision),
  }
}

/** Both dry run and real run refuse the file with these problems (row, column, Korean and English). */
async function refused(kind: ImportKind, input: ImportInput) {
  const dry = await run(kind, input, true)
  const real = await run(kind, input)
  expect(dry.ok).toBe(false)
  expect(real).toEqual(dry)
  return dry.ok
    ? []
    : dry.problems.map((p) => [p.row, p.column, translate('ko', p.problem, p.vars), translate('en', p.problem, p.vars)])
}

/** An existing reference document at Rev. B: imported at Rev. A with a file, then Rev. B with another. */
async function documentAtRevB(number: string) {
  const zip = await zipOf({ 'a.pdf': pdf('rev a'), 'b.pdf': pdf('rev b') })
  expect(await run('reference', csv(`${HEADER}${number},A,MAN,설명서,Manual,a.pdf\n`, zip))).toMatchObject({ ok: true })
  expect(await run('reference', csv(`${HEADER}${number},B,MAN,설명서,Manual,b.pdf\n`, zip))).toMatchObject({ ok: true })
  const state = await stateOf(number)
  expect(state).toMatchObject({ doc: { revision: 'B' }, files: ['b.pdf'], history: ['A'] })
  return state
}

describe('import: a revision never moves backwards', () => {
  it("the reviewer's reproduction: an older revision without files is a row problem of the dry run, and the real run changes nothing", async () => {
    const before = await documentAtRevB('DA-MAN-9301')
    expect(await refused('reference', csv(`${HEADER}DA-MAN-9301,A,MAN,옛 설명서,Old manual,\n`))).toEqual([
      [
        2,
        'revision',
        'DA-MAN-9301의 현재 개정은 Rev. B입니다. Rev. A는 그보다 이전이거나 같은 개정이므로 가져올 수 없습니다.',
        'DA-MAN-9301 is at Rev. B; Rev. A is not later than that, so it cannot be imported.',
      ],
    ])
    const after = await stateOf('DA-MAN-9301')
    expect(after).toEqual(before)
    expect(after.history).toEqual(['A'])
  })

  it('an older revision is refused with files too, and one bad row stops the whole file', async () => {
    const before = await documentAtRevB('DA-MAN-9302')
    const zip = await zipOf({ 'old.pdf': pdf('old') })
    const problems = await refused(
      'reference',
      csv(`${HEADER}DA-MAN-9399,A,MAN,새 문서,New document,\nDA-MAN-9302,A,MAN,옛 설명서,Old manual,old.pdf\n`, zip),
    )
    expect(problems.map(([row, column]) => [row, column])).toEqual([[3, 'revision']])
    expect(await stateOf('DA-MAN-9302')).toEqual(before)
    expect(await db().$count(referenceDocuments, eq(referenceDocuments.doc_number, 'DA-MAN-9399'))).toBe(0)
  })

  it('the same revision with files is refused (a changed file is a new revision); without files it updates the metadata only', async () => {
    const before = await documentAtRevB('DA-MAN-9303')
    const zip = await zipOf({ 'b2.pdf': pdf('b again') })
    expect(await refused('reference', csv(`${HEADER}DA-MAN-9303,B,MAN,설명서,Manual,b2.pdf\n`, zip))).toEqual([
      [
        2,
        'revision',
        'DA-MAN-9303은 이미 Rev. B입니다. 파일을 바꾸려면 새 개정(예: Rev. C)으로 가져오세요.',
        'DA-MAN-9303 is already at Rev. B. A changed file is a new revision: import it as a later one (e.g. Rev. C).',
      ],
    ])
    expect(await stateOf('DA-MAN-9303')).toEqual(before)

    const metadata = csv(`${HEADER}DA-MAN-9303,B,MAN,고친 제목,Corrected title,\n`)
    expect(await run('reference', metadata, true)).toMatchObject({ ok: true, summary: { inserted: 0, updated: 1 } })
    expect(await run('reference', metadata)).toMatchObject({ ok: true, summary: { updated: 1 } })
    const after = await stateOf('DA-MAN-9303')
    expect(after).toMatchObject({ doc: { revision: 'B', title: '고친 제목' }, files: ['b.pdf'], history: ['A'] })
    expect(after.doc.revised_at).toEqual(before.doc.revised_at)
    // An empty revision on an existing document is the same: the current one, metadata only.
    expect(await run('reference', csv(`${HEADER}DA-MAN-9303,,MAN,다시 고친 제목,Title,\n`))).toMatchObject({ ok: true })
    expect(await stateOf('DA-MAN-9303')).toMatchObject({ doc: { revision: 'B' }, files: ['b.pdf'], history: ['A'] })
  })

  it('a later revision must carry its own files; with them it is issued and the current one kept', async () => {
    const before = await documentAtRevB('DA-MAN-9304')
    expect(await refused('reference', csv(`${HEADER}DA-MAN-9304,C,MAN,설명서,Manual,\n`))).toEqual([
      [
        2,
        'revision',
        'DA-MAN-9304의 새 개정 Rev. C(현재 Rev. B)에는 그 개정의 파일이 있어야 합니다. file_ko나 file_en에 지정해 주세요.',
        'Rev. C of DA-MAN-9304 (now Rev. B) is a new revision and carries its own files: name them in file_ko or file_en.',
      ],
    ])
    expect(await stateOf('DA-MAN-9304')).toEqual(before)

    const zip = await zipOf({ 'c.pdf': pdf('rev c') })
    const revised = csv(`${HEADER}DA-MAN-9304,C,MAN,설명서 C,Manual C,c.pdf\n`, zip)
    expect(await run('reference', revised, true)).toMatchObject({ ok: true, summary: { updated: 1 } })
    expect(await run('reference', revised)).toMatchObject({ ok: true, summary: { updated: 1, files: 1 } })
    expect(await stateOf('DA-MAN-9304')).toMatchObject({
      doc: { revision: 'C', title: '설명서 C' },
      files: ['c.pdf'],
      history: ['A', 'B'],
    })
    // An empty revision with files is the next one; letters may move on to numbers, never back.
    const zip2 = await zipOf({ 'd.pdf': pdf('rev d'), 'one.pdf': pdf('rev 1.0'), 'z.pdf': pdf('rev z') })
    expect(await run('reference', csv(`${HEADER}DA-MAN-9304,,MAN,설명서 D,Manual D,d.pdf\n`, zip2))).toMatchObject({
      ok: true,
    })
    expect(
      await run('reference', csv(`${HEADER}DA-MAN-9304,1.0,MAN,설명서 1.0,Manual 1.0,one.pdf\n`, zip2)),
    ).toMatchObject({ ok: true })
    expect(
      (await refused('reference', csv(`${HEADER}DA-MAN-9304,Z,MAN,설명서 Z,Manual Z,z.pdf\n`, zip2))).map((p) => p[2]),
    ).toEqual([
      'DA-MAN-9304의 현재 개정은 Rev. 1.0입니다. Rev. Z는 그보다 이전이거나 같은 개정이므로 가져올 수 없습니다.',
    ])
    expect(await stateOf('DA-MAN-9304')).toMatchObject({
      doc: { revision: '1.0' },
      files: ['one.pdf'],
      history: ['A', 'B', 'C', 'D'],
    })
  })

  it('service documents follow the same rule', async () => {
    const zip = await zipOf({ 's.pdf': pdf('service') })
    expect(
      await run('service', csv(`${HEADER}DS-MAN-9301,C,MAN,서비스 문서,Service document,s.pdf\n`, zip)),
    ).toMatchObject({
      ok: true,
    })
    expect(
      (await refused('service', csv(`${HEADER}DS-MAN-9301,B,MAN,서비스 문서,Service document,\n`))).map((p) => p[1]),
    ).toEqual(['revision'])
    const [doc] = await db().select().from(serviceDocuments).where(eq(serviceDocuments.doc_number, 'DS-MAN-9301'))
    expect(doc!.revision).toBe('C')
  })
})

describe('console: issuing a new revision', () => {
  /** A stored file the console could attach (as an upload would have recorded it). */
  async function storedFile(name: string) {
    const key = `files/test-${Math.random().toString(36).slice(2)}.pdf`
    await db()
      .insert(files)
      .values({ file_name: key, origin_file_name: name, content_type: 'application/pdf', size: 10 })
    return key
  }
  const revise = async (id: number, revision: string | null, keys: string[]) => {
    const [doc] = await db().select().from(referenceDocuments).where(eq(referenceDocuments.id, id))
    return t.runtime.services.documentsAdmin.revise(
      'reference',
      { userId: editor.userId, ip: '127.0.0.1' },
      id,
      doc!.version,
      { revision, files: keys.map((key) => ({ key, for: 'KOR' as const })) },
    )
  }

  it('refuses a revision older than or equal to the current one, in both languages, and changes nothing', async () => {
    const before = await documentAtRevB('DA-MAN-9311')
    const fresh = await storedFile('new.pdf')
    for (const revision of ['A', 'B']) {
      const result = await revise(before.doc.id, revision, [fresh])
      expect(result).toEqual({
        ok: false,
        reason: 'invalid',
        errors: { revision: 'console.docs.error.revisionNotNewer' },
      })
    }
    expect(translate('ko', 'console.docs.error.revisionNotNewer')).toBe(
      '현재 개정보다 뒤의 개정을 입력해 주세요(A → B, Z → AA, 1.9 → 1.10, 영문 개정 → 숫자 개정).',
    )
    expect(translate('en', 'console.docs.error.revisionNotNewer')).toBe(
      'Enter a revision later than the current one (A → B, Z → AA, 1.9 → 1.10, letters → numbers).',
    )
    expect(await stateOf('DA-MAN-9311')).toEqual(before)
  })

  it('requires at least one file that is not a file of the current revision', async () => {
    const before = await documentAtRevB('DA-MAN-9312')
    expect(await revise(before.doc.id, 'C', [])).toMatchObject({
      ok: false,
      errors: { file_0: 'console.docs.error.revisionFile' },
    })
    expect(await revise(before.doc.id, 'C', before.keys)).toMatchObject({
      ok: false,
      errors: { file_0: 'console.docs.error.revisionNewFile' },
    })
    expect(translate('ko', 'console.docs.error.revisionNewFile')).toBe(
      '새 개정에는 현재 개정에 없는 새 파일이 하나 이상 있어야 합니다.',
    )
    expect(translate('en', 'console.docs.error.revisionNewFile')).toBe(
      'A new revision needs at least one file that the current revision does not have.',
    )
    expect(await stateOf('DA-MAN-9312')).toEqual(before)

    const fresh = await storedFile('c.pdf')
    expect(await revise(before.doc.id, 'C', [fresh, ...before.keys])).toMatchObject({ ok: true })
    expect(await stateOf('DA-MAN-9312')).toMatchObject({ doc: { revision: 'C' }, history: ['A', 'B'] })
    expect(await revise(before.doc.id, null, [await storedFile('d.pdf')])).toMatchObject({ ok: true })
    expect(await stateOf('DA-MAN-9312')).toMatchObject({ doc: { revision: 'D' }, history: ['A', 'B', 'C'] })
  })
})
