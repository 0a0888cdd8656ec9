import type { MessageKey } from './i18n/messages.ts'
import type { TextPage } from './page-texts.ts'

/**
 * How the console shows each copy page's texts (docs/decisions/055-page-copy-editor.md): the
 * page's sections in the order the public page shows them, each text's label and its kind.
 * `line`: a title, name or tag, one line (an input); `text`: plain text (a textarea). Neither page
 * renders markup, so no text is rich.
 *
 * A rule's `path` is below the page's prefix; `#` stands for one number (an item of a list): the
 * label's `{n}` (then `{m}`) shows it counted from 1. A key no rule places fails the coverage test
 * (page-text-sections.test.ts) and, until it has one, shows under "other texts" by its key.
 */
export type TextKind = 'line' | 'text'

type Rule = {
  path: string
  label: MessageKey
  kind: TextKind
  /** The number the first item has in the key (default 0). */ first?: number
}

export type TextSection = {
  id: string
  title: MessageKey
  /** The id of the section's spot on the public page (its heading), or null for the page's top. */
  anchor: string | null
  rules: readonly Rule[]
}

const L = 'console.pageCopy.label'

export const TEXT_SECTIONS = {
  esg: [
    {
      id: 'esg',
      title: 'company.menu.management.esg',
      anchor: 'esg_step_01',
      rules: [
        { path: 'lead', label: `${L}.lead`, kind: 'text' },
        { path: 'e.title', label: `${L}.esg.eTitle`, kind: 'line' },
        { path: 'e.body', label: `${L}.esg.eBody`, kind: 'text' },
        { path: 's.title', label: `${L}.esg.sTitle`, kind: 'line' },
        { path: 's.body', label: `${L}.esg.sBody`, kind: 'text' },
        { path: 'g.title', label: `${L}.esg.gTitle`, kind: 'line' },
        { path: 'g.body', label: `${L}.esg.gBody`, kind: 'text' },
      ],
    },
    {
      id: 'importance',
      title: 'company.menu.management.importance',
      anchor: 'esg_step_02',
      rules: [
        { path: 'importance.lead', label: `${L}.lead`, kind: 'text' },
        { path: 'importance.#.title', label: `${L}.reasonTitle`, kind: 'line', first: 1 },
        { path: 'importance.#.body', label: `${L}.reasonBody`, kind: 'text', first: 1 },
      ],
    },
  ],
  recruitment: [
    {
      id: 'page',
      title: 'console.pageCopy.section.page',
      anchor: null,
      rules: [
        { path: 'title', label: `${L}.pageTitle`, kind: 'line' },
        { path: 'description', label: `${L}.pageDescription`, kind: 'text' },
      ],
    },
    {
      id: 'menu',
      title: 'console.pageCopy.section.menu',
      anchor: null,
      rules: [
        { path: 'menu.procedure', label: `${L}.menu.procedure`, kind: 'line' },
        { path: 'menu.talent', label: `${L}.menu.talent`, kind: 'line' },
        { path: 'menu.jobs', label: `${L}.menu.jobs`, kind: 'line' },
        { path: 'menu.evaluation', label: `${L}.menu.evaluation`, kind: 'line' },
        { path: 'menu.pay', label: `${L}.menu.pay`, kind: 'line' },
        { path: 'menu.benefits', label: `${L}.menu.benefits`, kind: 'line' },
      ],
    },
    {
      id: 'procedure',
      title: 'console.pageCopy.section.procedure',
      anchor: 'recruitment-procedure',
      rules: [
        { path: 'procedure.title', label: `${L}.sectionTitle`, kind: 'line' },
        { path: 'procedure.description', label: `${L}.lead`, kind: 'text' },
        { path: 'procedure.steps.#.title', label: `${L}.stepTitle`, kind: 'line' },
        { path: 'procedure.steps.#.text', label: `${L}.stepText`, kind: 'text' },
        { path: 'procedure.note', label: `${L}.note`, kind: 'text' },
      ],
    },
    {
      id: 'talent',
      title: 'console.pageCopy.section.talent',
      anchor: 'recruitment_step_01',
      rules: [
        { path: 'talent.title', label: `${L}.sectionTitle`, kind: 'line' },
        { path: 'talent.description', label: `${L}.lead`, kind: 'text' },
        { path: 'talent.items.#.subtitle', label: `${L}.talentSubtitle`, kind: 'line' },
        { path: 'talent.items.#.title', label: `${L}.talentTitle`, kind: 'line' },
        { path: 'talent.items.#.text', label: `${L}.talentText`, kind: 'text' },
      ],
    },
    {
      id: 'jobs',
      title: 'console.pageCopy.section.jobs',
      anchor: 'recruitment_step_02',
      rules: [
        { path: 'jobs.title', label: `${L}.sectionTitle`, kind: 'line' },
        { path: 'jobs.description', label: `${L}.lead`, kind: 'text' },
        { path: 'jobs.items.#.name', label: `${L}.jobName`, kind: 'line' },
        { path: 'jobs.items.#.text', label: `${L}.jobText`, kind: 'text' },
        { path: 'jobs.items.#.tags.#', label: `${L}.jobTag`, kind: 'line' },
      ],
    },
    {
      id: 'evaluation',
      title: 'console.pageCopy.section.evaluation',
      anchor: 'recruitment_step_03',
      rules: [
        { path: 'evaluation.title', label: `${L}.sectionTitle`, kind: 'line' },
        { path: 'evaluation.description', label: `${L}.lead`, kind: 'text' },
        { path: 'evaluation.phases.#.month', label: `${L}.phaseMonth`, kind: 'line' },
        { path: 'evaluation.phases.#.title', label: `${L}.phaseTitle`, kind: 'line' },
        { path: 'evaluation.phases.#.text', label: `${L}.phaseText`, kind: 'text' },
        { path: 'evaluation.gradesTitle', label: `${L}.gradesTitle`, kind: 'line' },
        { path: 'evaluation.grades.#', label: `${L}.grade`, kind: 'line' },
        { path: 'evaluation.gradesText', label: `${L}.gradesText`, kind: 'text' },
      ],
    },
    {
      id: 'pay',
      title: 'console.pageCopy.section.pay',
      anchor: 'recruitment_step_04',
      rules: [
        { path: 'pay.title', label: `${L}.sectionTitle`, kind: 'line' },
        { path: 'pay.description', label: `${L}.lead`, kind: 'text' },
        { path: 'pay.fixedTitle', label: `${L}.fixedTitle`, kind: 'line' },
        { path: 'pay.fixed.#', label: `${L}.fixedItem`, kind: 'line' },
        { path: 'pay.performanceTitle', label: `${L}.performanceTitle`, kind: 'line' },
        { path: 'pay.performance.#', label: `${L}.performanceItem`, kind: 'line' },
      ],
    },
    {
      id: 'benefits',
      title: 'console.pageCopy.section.benefits',
      anchor: 'recruitment_step_05',
      rules: [
        { path: 'benefits.title', label: `${L}.sectionTitle`, kind: 'line' },
        { path: 'benefits.description', label: `${L}.lead`, kind: 'text' },
        { path: 'benefits.items.#.title', label: `${L}.benefitTitle`, kind: 'line' },
        { path: 'benefits.items.#.text', label: `${L}.benefitText`, kind: 'text' },
      ],
    },
  ],
} as const satisfies Record<TextPage, readonly TextSection[]>

/** A text as the editor shows it: its key, its label (with the item numbers) and its kind. */
export type PlacedText = { key: string; label: MessageKey; vars: Record<string, string | number>; kind: TextKind }
export type PlacedSection = { id: string; title: MessageKey; anchor: string | null; texts: PlacedText[] }

const VAR_NAMES = ['n', 'm'] as const

function matchRule(rule: Rule, path: string): Record<string, number> | null {
  const want = rule.path.split('.')
  const got = path.split('.')
  if (want.length !== got.length) return null
  const vars: Record<string, number> = {}
  let count = 0
  for (const [i, part] of want.entries()) {
    if (part === '#') {
      if (!/^\d{1,4}$/.test(got[i]!)) return null
      vars[VAR_NAMES[count++]!] = Number(got[i]) - (rule.first ?? 0) + 1
    } else if (part !== got[i]) return null
  }
  return vars
}

/** The section of "other texts": keys no rule places (the coverage test keeps it empty). */
export const OTHER_SECTION = 'other'

/**
 * The page's `keys` (full catalogue keys, in the catalogue's order, which is the page's) placed in
 * their sections, in the sections' order; keys no rule places come last, in a section of their own.
 */
export function placeTexts(page: TextPage, prefix: string, keys: readonly string[]): PlacedSection[] {
  const sections: PlacedSection[] = TEXT_SECTIONS[page].map((s) => ({
    id: s.id,
    title: s.title,
    anchor: s.anchor,
    texts: [],
  }))
  const other: PlacedText[] = []
  for (const key of keys) {
    const path = key.slice(prefix.length)
    let placed = false
    for (const [i, section] of TEXT_SECTIONS[page].entries()) {
      for (const rule of section.rules as readonly Rule[]) {
        const vars = matchRule(rule, path)
        if (!vars) continue
        sections[i]!.texts.push({ key, label: rule.label, vars, kind: rule.kind })
        placed = true
        break
      }
      if (placed) break
    }
    if (!placed) other.push({ key, label: 'console.pageCopy.label.other', vars: { key }, kind: 'text' })
  }
  return other.length > 0
    ? [...sections, { id: OTHER_SECTION, title: 'console.pageCopy.section.other', anchor: null, texts: other }]
    : sections
}
