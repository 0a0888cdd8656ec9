import { describe, expect, it } from 'vitest'
import { groupDigits } from './group-digits.ts'

describe('groupDigits', () => {
  it('writes whole numbers as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 123456, 1234567, 200000, 10000000, -1234, -999]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'))
    }
  })
})
