import type { Lang } from '#shared/locales.ts'
import { useLang } from '../use-lang.ts'
import en from './recruitment.en.json'
import ko from './recruitment.ko.json'

/** Static copy of /recruitment. Both languages have the same shape (recruitment.test.ts). */
export type RecruitmentCopy = typeof ko

const catalogs: Record<Lang, RecruitmentCopy> = { ko, en }

export const recruitmentCopy = (lang: Lang): RecruitmentCopy => catalogs[lang]

export function useRecruitmentCopy(): RecruitmentCopy {
  return recruitmentCopy(useLang())
}
