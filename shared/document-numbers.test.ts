import { describe, expect, it } from 'vitest'
import { DOCUMENT_NUMBER, REVISION, documentLabel, nextRevision } from './document-numbers.ts'

describe('document numbers', () => {
  it('counts revisions up in letters and numbers', () => {
    expect(nextRevision('A')).toBe('B')
    expect(nextRevision('Z')).toBe('AA')
    expect(nextRevision('AZ')).toBe('BA')
    expect(nextRevision('ZZ')).toBe('AAA')
    expect(nextRevision('1')).toBe('2')
    expect(nextRevision('1.9')).toBe('1.10')
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
