import { z } from '../zod.ts'
import { messageKey } from '../field-errors.ts'
import { LIST_SIZES } from '../list-rules.ts'
import { LIMITS, listSchema, paginationParams } from './common.ts'

/** GET /api/search/list (spec section 7): keyword, page, recordSize 15, pageSize 5, language. */
export const searchListQuery = z.object({
  keyword: z
    .string()
    .max(LIMITS.keywordMax, messageKey('search.error.tooLong'))
    .default('')
    .describe(
      `Search word(s), at most ${LIMITS.keywordMax} characters. Letters and digits are compared, case, width, spacing and ` +
        'punctuation ignored; initial consonants alone (ㅈㄷㅇㅊ) match titles by their initials. Several words find the ' +
        'entries holding every word, in any order, title or body; a Korean particle or ending, an English plural or ending ' +
        'and a synonym of the site’s list find the word too. Empty: no results.',
    ),
  language: z
    .enum(['KOR', 'ENG'])
    .optional()
    .describe('Language of the content searched (default: the request language)'),
  ...paginationParams(LIST_SIZES.search),
})

/** [start, end) of a marked part of a text, in UTF-16 units. */
const ranges = z.array(z.tuple([z.number().int(), z.number().int()]))

export const searchHitSchema = z.object({
  type: z
    .string()
    .describe(
      'Kind of hit: page, history, patent, client, workplace, agency, notice, terms, product, reference, service, serial',
    ),
  oneDepth: z.string().describe('Section of the site, e.g. 제품소개 / Products'),
  twoDepth: z.string().describe('Where in it, e.g. 전동 액추에이터 / Electric Actuator'),
  title: z.string(),
  description: z
    .string()
    .describe('Excerpt: the best-matching passage from up to 30 characters before it; "…" where it was cut'),
  url: z.string().describe('The page (and anchor) that shows it'),
  highlights: z
    .object({ title: ranges, description: ranges })
    .describe('Where the keyword stands in title and description'),
  document: z
    .object({ number: z.string(), revision: z.string() })
    .nullable()
    .describe('A reference or service document: its number and revision (e.g. DS-MAN-0004, A); else null'),
})

export const searchListSchema = listSchema(searchHitSchema).extend({
  partial: z
    .object({ found: z.array(z.string()), missing: z.array(z.string()) })
    .nullable()
    .describe('When no entry holds every word: the words the list holds and those left out; else null'),
  corrected: z
    .string()
    .nullable()
    .describe(
      'When the keyword found nothing: the corrected keyword whose hits are listed (typo, keyboard layout); else null',
    ),
})
