import { asc } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { clients, workplaces } from '#server/db/schema.ts'
import { mediaUrl } from '#shared/files.ts'
import { visibleRows, type View } from './published.ts'

export type CompanyService = ReturnType<typeof createCompanyService>

/** Content of the company pages that is not in the public API: workplaces and client logos. */
export function createCompanyService({ db }: { db: Db }) {
  return {
    async workplaces(view?: View) {
      const rows = await db.select().from(workplaces).orderBy(asc(workplaces.sort_order), asc(workplaces.id))
      return visibleRows(rows, view).map(
        ({ sort_order: _, published: _p, draft: _d, version: _v, updated_at: _u, updated_by: _b, ...row }) => ({
          ...row,
          roles: row.roles.split('\n').filter(Boolean),
          roles_en: row.roles_en.split('\n').filter(Boolean),
        }),
      )
    },
    /** Logos grouped by sector, in display order. */
    async clients(view?: View) {
      const rows = visibleRows(await db.select().from(clients).orderBy(asc(clients.sort_order), asc(clients.id)), view)
      const bySector: Record<string, { id: number; name: string; name_en: string; logo: string }[]> = {}
      for (const r of rows)
        (bySector[r.sector] ??= []).push({ id: r.id, name: r.name, name_en: r.name_en, logo: mediaUrl(r.logo) })
      return bySector
    },
  }
}
