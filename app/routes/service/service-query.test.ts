import { describe, expect, it } from 'vitest'
import {
  chooseInGroup,
  parseIdList,
  readServiceQuery,
  resetSearchHref,
  searchHref,
  searchTextOf,
  serialHref,
  standardHref,
  toggleId,
} from './service-query.ts'

const q = (s: string) => new URLSearchParams(s)

describe('readServiceQuery', () => {
  it('has defaults for an empty query', () => {
    expect(readServiceQuery(q(''))).toEqual({
      page: 1,
      search: '',
      optionIds: [],
      code: null,
      serial: null,
      serialPage: 1,
      standard: [],
    })
  })

  it('reads page, search (+ is a space), option ids, serial and standard', () => {
    const query = readServiceQuery(
      q('page=3&search=TM+AC+380V&option_id_list=12,5,12&code=25-0100&serial_page=2&std=1,9'),
    )
    expect(query).toEqual({
      page: 3,
      search: 'TM AC 380V',
      optionIds: [12, 5],
      code: '25-0100',
      serial: { code1: '25', code2: '0100' },
      serialPage: 2,
      standard: [1, 9],
    })
  })

  it('option_id_list=0 means none; junk ids are dropped', () => {
    expect(readServiceQuery(q('option_id_list=0')).optionIds).toEqual([])
    expect(readServiceQuery(q('option_id_list=1,a,,-2,3')).optionIds).toEqual([1, 3])
    expect(parseIdList(Array.from({ length: 60 }, (_, i) => i + 1).join(','))).toHaveLength(50)
  })

  it('reads the no-JavaScript form fields: repeated option, code1 and code2', () => {
    const query = readServiceQuery(q('search=&option=4&option=7&code1=25&code2=01'))
    expect(query.optionIds).toEqual([4, 7])
    expect(query.code).toBe('25-01')
    expect(query.serial).toEqual({ code1: '25', code2: '01' })
    expect(readServiceQuery(q('code1=25&code2=')).serial).toEqual({ code1: '25', code2: '' })
    expect(readServiceQuery(q('code1=2&code2=')).serial).toBeNull()
    // option_id_list wins over the form fields
    expect(readServiceQuery(q('option_id_list=0&option=4')).optionIds).toEqual([])
  })

  it('keeps an unusable serial as asked, without parts', () => {
    expect(readServiceQuery(q('code=2'))).toMatchObject({ code: '2', serial: null })
    expect(readServiceQuery(q('code=25-01234'))).toMatchObject({ code: '25-01234', serial: null })
  })

  it('clips an over-long search', () => {
    expect(readServiceQuery(q(`search=${'a'.repeat(150)}`)).search).toHaveLength(100)
  })
})

describe('links', () => {
  const path = '/service/reference/catalog'
  it('search: page 1, text, ids or 0, focus on the results; keeps lang, code, std', () => {
    expect(searchHref(path, q('lang=en&page=4&code=25&std=3&serial_page=2'), 'TM AC 380V', [4, 9])).toBe(
      `${path}?lang=en&code=25&std=3&page=1&search=TM+AC+380V&option_id_list=4,9&focus=search_result_bottom&disableScrollTop=true`,
    )
    expect(searchHref(path, q(''), '', [])).toBe(
      `${path}?page=1&search=&option_id_list=0&focus=search_result_bottom&disableScrollTop=true`,
    )
  })

  it('initialization clears text, options and page', () => {
    expect(resetSearchHref(path, q('page=2&search=TM&option_id_list=4&focus=search_result_bottom'))).toBe(path)
    expect(resetSearchHref(path, q('lang=en&search=TM&code=25-01'))).toBe(
      `${path}?lang=en&code=25-01&disableScrollTop=true`,
    )
  })

  it('serial lookup and its reset keep the search state', () => {
    expect(serialHref(path, q('page=2&search=TM&serial_page=3'), '25-0100')).toBe(
      `${path}?page=2&search=TM&code=25-0100&focus=serial_result&disableScrollTop=true`,
    )
    expect(serialHref(path, q('code=25&serial_page=3'), null)).toBe(`${path}?disableScrollTop=true`)
  })

  it('standard selection keeps everything else', () => {
    expect(standardHref(path, q('code=25&focus=x'), [1, 8])).toBe(`${path}?code=25&std=1,8&disableScrollTop=true`)
    expect(standardHref(path, q('std=1'), [])).toBe(`${path}?disableScrollTop=true`)
  })
})

describe('search text and selections', () => {
  const titles = new Map([
    [1, 'TM'],
    [2, 'AC 380V 3상'],
    [3, '표준'],
  ])
  it('rebuilds the text from the ticked titles in ticking order', () => {
    let selected = toggleId([], 2, true)
    selected = toggleId(selected, 1, true)
    expect(searchTextOf(selected, titles)).toBe('AC 380V 3상 TM')
    selected = toggleId(selected, 2, false)
    expect(searchTextOf(selected, titles)).toBe('TM')
    expect(searchTextOf(toggleId(selected, 1, false), titles)).toBe('')
    expect(toggleId([1, 2], 1, true)).toEqual([2, 1])
  })

  it('one choice per standard group', () => {
    expect(chooseInGroup([1, 5], [5, 6, 7], 6)).toEqual([1, 6])
    expect(chooseInGroup([1, 5], [5, 6, 7], null)).toEqual([1])
    expect(chooseInGroup([], [1, 2], 2)).toEqual([2])
  })
})
