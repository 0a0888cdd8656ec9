import { describe, expect, it } from 'vitest'
import { DOCUMENT_NUMBER, REVISION, compareRevisions, documentLabel, nextRevision } from './document-numbers.ts'

describe('document numbers', () => {
  it('counts revisions up in letters and numbers', () => {
    expect(nextRevision('A')).toBe('B')
    expect(nextRevision('Z')).toBe('AA')
    expect(nextRevision('AZ')).toBe('BA')
    expect(nextRevision('ZZ')).toBe('AAA')
    expect(nextRevision('1')).toBe('2')
    expect(nextRevision('1.9')).toBe('1.10')
  })
  it('orders revisions: letters as nextRevision counts them, dotted numbers by number, letters before numbers', () => {
    const ascending = (list: string[]) =>
      list.slice(1).forEach((b, i) => {
        expect(compareRevisions(list[i]!, b), `${list[i]} < ${b}`).toBeLessThan(0)
        expect(compareRevisions(b, list[i]!), `${b} > ${list[i]}`).toBeGreaterThan(0)
      })
    ascending(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA'])
    ascending(['1.0', '1.1', '1.9', '1.10', '2.0', '10', '10.1'])
    ascending(['ZZZ', '0', '1'])
    expect(compareRevisions('B', 'B')).toBe(0)
    expect(compareRevisions('1', '1.0')).toBe(0)
    expect(compareRevisions('01.1', '1.1')).toBe(0)
    // Each revision nextRevision suggests comes after the one it follows.
    for (const r of ['A', 'Z', 'AZ', 'ZZ', '1', '1.9', '9.99'])
      expect(compareRevisions(nextRevision(r), r), `${nextRevision(r)} > ${r}`).toBeGreaterThan(0)
    // Not a revision: no order at all, so callers refuse instead of guessing.
    for (const bad of ['', 'b', 'A1', '1.2.3', 'AAAA', 'Rev. B', ' B'])
      expect(compareRevisions(bad, 'A'), JSON.stringify(bad)).toBeNull()
    expect(compareRevisions('A', '1..2')).toBeNull()
  })
  it('accepts numbers and revisions of the house format only', () => {
    expect(DOCUMENT_NUMBER.test('DA-MAN-0012')).toBe(true)
    expect(DOCUMENT_NUMBER.test('DA-00012')).toBe(true)
    expect(DOCUMENT_NUMBER.test('da-man-0012')).toBe(false)
    expect(DOCUMENT_NUMBER.test('DA-MAN-')).toBe(false)
    expect(REVISION.test('C')).toBe(true)
    expect(REVISION.test('1.2')).toBe(true)
    expect(REVISION.test('c')).toBe(false)
    expect(documentLabel('DA-MAN-0012', 'C')).toBe('DA-MAN-0012 Rev. C')
  })
})
