import { describe, expect, it } from 'vitest'
import {
  decodeBase64Utf8,
  downloadUrl,
  encodeBase64Utf8,
  ftpDownloadUrl,
  isPlainFileName,
  mediaUrl,
  storageKeyProblem,
} from './files.ts'

describe('storageKeyProblem', () => {
  it('accepts storage keys', () => {
    for (const key of ['documents/catalog-tm.pdf', 'a.pdf', 'images/2024/x_y.svg', 'a..b/x'.replace('..', '.')]) {
      expect(storageKeyProblem(key), key).toBeNull()
    }
  })
  it('refuses traversal, absolute paths, backslashes, URLs, control characters and over-long keys', () => {
    const hostile = [
      '',
      '..',
      '../x',
      'a/../b',
      'a/./b',
      'a//b',
      'a/',
      '/etc/passwd',
      '\\x',
      'a\\b',
      'C:/x',
      'c:x',
      'http://x/y',
      'ftp://x',
      '//host/x',
      'file:///etc',
      '%2e%2e/x',
      '%252e%252e%252fx',
      'a%2f..%2fb',
      '%E0%A4%A',
      'a\u0000b',
      'a\nb',
      'a\u007fb',
      'x'.repeat(301),
      'a..b',
    ]
    for (const key of hostile) expect(storageKeyProblem(key), JSON.stringify(key)).not.toBeNull()
  })
})

describe('isPlainFileName', () => {
  it('accepts ordinary names, Korean included, up to 200 characters', () => {
    expect(isPlainFileName('카탈로그 TM (국문).pdf')).toBe(true)
    expect(isPlainFileName('x'.repeat(200))).toBe(true)
  })
  it('refuses separators, control characters, dots-only, padding and over-long names', () => {
    for (const name of ['', '.', '..', 'a/b', 'a\\b', 'a\r\nb', 'a\u0000', ' a.pdf', 'x'.repeat(201)]) {
      expect(isPlainFileName(name), JSON.stringify(name)).toBe(false)
    }
  })
})

describe('base64 keys', () => {
  it('round-trips UTF-8', () => {
    for (const text of ['documents/catalog.pdf', '한글/파일.pdf', '']) {
      expect(decodeBase64Utf8(encodeBase64Utf8(text)) ?? '', text).toBe(text)
    }
  })
  it('accepts URL-safe alphabet, missing padding and spaces standing for +', () => {
    expect(decodeBase64Utf8('Pz8-')).toBe('??>')
    expect(decodeBase64Utf8('Pz8+')).toBe('??>')
    expect(decodeBase64Utf8('Pz8 ')).toBe('??>')
    expect(decodeBase64Utf8('YQ')).toBe('a')
  })
  it('refuses invalid base64 and bytes that are not UTF-8', () => {
    for (const value of ['', '!!!!', 'abcde', 'YQ===', '=YQ', '/w==', 'YQ==YQ=='])
      expect(decodeBase64Utf8(value), value).toBeNull()
  })
})

describe('URL builders', () => {
  it('build media and download links', () => {
    expect(mediaUrl('images/a b.svg')).toBe('/media/images/a%20b.svg')
    expect(downloadUrl({ file_name: 'documents/a.pdf', origin_file_name: '카 탈.pdf' })).toBe(
      '/api/s3/download?file_name=documents%2Fa.pdf&origin_file_name=%EC%B9%B4+%ED%83%88.pdf',
    )
    expect(ftpDownloadUrl('a.pdf', 'documents/a.pdf')).toBe(
      `/api/ftpdownload?filename=a.pdf&url=${encodeURIComponent(encodeBase64Utf8('documents/a.pdf'))}`,
    )
  })
})
