import { describe, expect, it } from 'vitest'
import { contentKind } from './content-kinds.ts'
import { contentSchema, parseLocalDateTime } from './content-schema.ts'
import { fieldErrors } from './field-errors.ts'

const kind = (name: string) => contentSchema(contentKind(name)!)
const errorsOf = (name: string, form: Record<string, string>) => {
  const result = kind(name).safeParse(form)
  return result.success ? {} : fieldErrors(result.error)
}

describe('a content kind as one schema', () => {
  it('types the values: numbers, Korea-time dates, options, lines; empty optional fields get their empty value', () => {
    const bilingual = (name: string, value: string) => ({ [name]: value, [`${name}_en`]: value })
    const history = kind('history').parse({
      year: ' 2024 ',
      ...bilingual('tag', 't'),
      ...bilingual('title', 'x'),
      ...bilingual('description', '<p>A</p>'),
      sort_order: '',
    })
    expect(history).toMatchObject({ year: 2024, sort_order: 0 })
    const popup = kind('popups').parse({
      ...bilingual('title', 'x'),
      ...bilingual('description', 'y'),
      starts_at: '2026-11-23T09:30',
      ends_at: '',
    })
    expect(popup).toMatchObject({ image: null, ends_at: null, starts_at: new Date('2026-11-23T00:30:00Z') })
    const place = kind('workplaces').parse({
      ...bilingual('title', 'x'),
      ...bilingual('address', 'y'),
      roles: ' 설계 \r\n\r\n 생산 ',
      roles_en: 'Design',
      ...bilingual('map_url', 'https://map.example/1'),
      tel: '',
    })
    expect(place).toMatchObject({ roles: '설계\n생산', tel: '', fax: '' })
  })

  it('names the first problem of each column', () => {
    expect(errorsOf('history', { year: '19', description: '', description_en: 'x', sort_order: 'x' })).toMatchObject({
      year: 'console.error.range',
      description: 'console.error.required',
      sort_order: 'console.error.number',
    })
    expect(
      errorsOf('site-settings', { phone: 'call me', groupware_url: 'ftp://x', company_name: 'x'.repeat(101) }),
    ).toMatchObject({
      phone: 'console.error.phone',
      groupware_url: 'console.error.url',
      company_name: 'console.error.tooLong',
    })
  })

  it('refuses dates that do not exist and an end before the start, also when other fields fail', () => {
    expect(parseLocalDateTime('2026-02-31T10:00')).toBeNull()
    expect(errorsOf('popups', { starts_at: '2026-02-31T10:00' }).starts_at).toBe('console.error.datetime')
    expect(errorsOf('popups', { starts_at: '2026-11-23T09:30', ends_at: '2026-11-23T09:00' }).ends_at).toBe(
      'console.error.endsBeforeStart',
    )
    expect(
      errorsOf('popups', {
        title: 'x',
        title_en: 'y',
        description: 'x',
        description_en: 'y',
        starts_at: '2026-11-23T09:30',
        ends_at: '2026-11-24T09:00',
      }),
    ).toEqual({})
  })
})
