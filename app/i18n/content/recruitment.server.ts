import type { Lang } from '#shared/locales.ts'
import en from '#shared/i18n/content/recruitment.en.json'
import ko from '#shared/i18n/content/recruitment.ko.json'

/**
 * Static copy of /recruitment. Both languages have the same shape (recruitment.test.ts). Server
 * only: the page's loader sends the copy of the visitor's language, never both in the JavaScript.
 */
export type RecruitmentCopy = typeof ko

const catalogs: Record<Lang, RecruitmentCopy> = { ko, en }

export const recruitmentCopy = (lang: Lang): RecruitmentCopy => catalogs[lang]
