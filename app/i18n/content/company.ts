import { useRouteLoaderData } from 'react-router'
import type ko from '#shared/i18n/content/company.ko.json'

/**
 * Static copy of the company pages (vision, facts, organization, CEO greeting, ESG, client
 * sectors, agency introduction). Long prose lives here rather than in the UI catalogues; the
 * key sets of both languages are checked equal by company.test.ts. The catalogue of the page's
 * language reaches the browser as the company layout's loader data (company.server.ts), never
 * both languages inside the JavaScript.
 */
export type CompanyCopyKey = keyof typeof ko
export type CompanyCatalogue = Record<CompanyCopyKey, string>
export type CompanyCopy = (key: CompanyCopyKey, vars?: Record<string, string | number>) => string

/** The route whose loader data carries the catalogue (`{ copy }`): the company introduction layout. */
export const COMPANY_COPY_ROUTE = 'routes/company/introduction-layout'

/** `text` with its `{name}` placeholders filled from `vars`. */
export function fillCopy(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** `copy(key, vars)` in the page language, from the company layout's loader data. */
export function useCompanyCopy(): CompanyCopy {
  const data = useRouteLoaderData(COMPANY_COPY_ROUTE) as { copy?: CompanyCatalogue } | undefined
  const catalogue = data?.copy
  return (key, vars) => fillCopy(catalogue?.[key] ?? key, vars)
}
