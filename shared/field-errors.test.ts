import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { fieldErrors, messageKey } from './field-errors.ts'

describe('fieldErrors', () => {
  const schema = z.object({
    name: z.string().min(1, messageKey('member.error.nameRequired')),
    age: z.number(),
    nested: z.object({ a: z.string().min(2, messageKey('member.error.tooLong')) }).optional(),
  })

  it('names the first catalogue key per field', () => {
    const result = schema.safeParse({ name: '', age: 1, nested: { a: 'x' } })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({ name: 'member.error.nameRequired', nested: 'member.error.tooLong' })
  })

  it("turns zod's own messages, which are no catalogue keys, into api.badRequest", () => {
    const result = schema.safeParse({ name: 'x', age: 'old' })
    expect(fieldErrors(result.error!)).toEqual({ age: 'api.badRequest' })
  })

  it('puts errors without a path under "_"', () => {
    const refined = z.string().refine(() => false, messageKey('api.badRequest'))
    expect(fieldErrors(refined.safeParse('x').error!)).toEqual({ _: 'api.badRequest' })
  })
})
