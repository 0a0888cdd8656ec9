import { describe, expect, it } from 'vitest'
import {
  acceptSerialInput,
  parseSerialCode,
  SERIAL_CODE1,
  SERIAL_CODE2,
  SERIAL_PART1_MAX,
  SERIAL_PART2_MAX,
  serialCode,
  serialProblem,
} from './serial.ts'

describe('acceptSerialInput', () => {
  it('takes digits up to the limit of the part', () => {
    expect(acceptSerialInput('', '2', SERIAL_PART1_MAX)).toBe('2')
    expect(acceptSerialInput('2', '25', SERIAL_PART1_MAX)).toBe('25')
    expect(acceptSerialInput('010', '0100', SERIAL_PART2_MAX)).toBe('0100')
    expect(acceptSerialInput('25', '', SERIAL_PART1_MAX)).toBe('')
  })
  it('ignores a digit past the limit', () => {
    expect(acceptSerialInput('25', '251', SERIAL_PART1_MAX)).toBe('25')
    expect(acceptSerialInput('0100', '01009', SERIAL_PART2_MAX)).toBe('0100')
    expect(acceptSerialInput('', '250100', SERIAL_PART1_MAX)).toBe('')
  })
  it('ignores non-digits, including a hyphen, letters, spaces and full-width digits', () => {
    expect(acceptSerialInput('2', '2a', SERIAL_PART1_MAX)).toBe('2')
    expect(acceptSerialInput('', '-', SERIAL_PART1_MAX)).toBe('')
    expect(acceptSerialInput('01', '01 ', SERIAL_PART2_MAX)).toBe('01')
    expect(acceptSerialInput('', 'DA', SERIAL_PART1_MAX)).toBe('')
    expect(acceptSerialInput('', '２５', SERIAL_PART1_MAX)).toBe('')
    expect(acceptSerialInput('1', '1.', SERIAL_PART2_MAX)).toBe('1')
  })
})

describe('serialCode and parseSerialCode', () => {
  it('joins with a hyphen only when the second part exists', () => {
    expect(serialCode('25', '0100')).toBe('25-0100')
    expect(serialCode('25', '01')).toBe('25-01')
    expect(serialCode('25', '')).toBe('25')
  })
  it('reads a code back into its parts', () => {
    expect(parseSerialCode('25-0100')).toEqual({ code1: '25', code2: '0100' })
    expect(parseSerialCode('25-0')).toEqual({ code1: '25', code2: '0' })
    expect(parseSerialCode('25')).toEqual({ code1: '25', code2: '' })
    expect(parseSerialCode(' 26-14 ')).toEqual({ code1: '26', code2: '14' })
  })
  it('refuses anything the lookup cannot answer', () => {
    for (const bad of [
      null,
      undefined,
      '',
      '2',
      '251',
      '25-',
      '25-01000',
      'ab-0100',
      '25-01a',
      '25_0100',
      '-0100',
      '25--01',
      'DA250100',
    ]) {
      expect(parseSerialCode(bad), String(bad)).toBeNull()
    }
  })
  it('round-trips every accepted pair', () => {
    for (const [a, b] of [
      ['25', '0100'],
      ['00', ''],
      ['99', '9'],
      ['24', '123'],
    ] as const) {
      expect(parseSerialCode(serialCode(a, b))).toEqual({ code1: a, code2: b })
    }
  })
})

describe('serialProblem and the API patterns', () => {
  it('needs the two digits of the first part', () => {
    expect(serialProblem('25', '0100')).toBeNull()
    expect(serialProblem('25', '')).toBeNull()
    expect(serialProblem('2', '0100')).toBe('first-part')
    expect(serialProblem('', '')).toBe('first-part')
    expect(serialProblem('2a', '')).toBe('digits')
    expect(serialProblem('25', '01000')).toBe('digits')
  })
  it('the API patterns agree with the input limits', () => {
    expect(SERIAL_CODE1.test('25')).toBe(true)
    expect(SERIAL_CODE1.test('2')).toBe(false)
    expect(SERIAL_CODE2.test('')).toBe(true)
    expect(SERIAL_CODE2.test('0'.repeat(SERIAL_PART2_MAX))).toBe(true)
    expect(SERIAL_CODE2.test('0'.repeat(SERIAL_PART2_MAX + 1))).toBe(false)
  })
})
