import type { Command } from '../command.ts'
import { progressBar } from '../progress.ts'
import { groupDigits } from '#shared/group-digits.ts'

export const reindex: Command = {
  name: 'reindex',
  summary: 'Rebuild the site-search index from the content (first reading PDFs whose text is not stored yet)',
  async run(_args, io) {
    await io.withRuntime(async (runtime) => {
      const { search } = runtime.services
      const pdfs = progressBar('reading PDFs', io.progress)
      const read = await search.extractMissingText((done, total) => pdfs.update(done, total))
      if (read > 0) pdfs.end()
      const bar = progressBar('indexing', io.progress)
      const started = Date.now()
      const entries = await search.reindex(({ kind, done, total }) => bar.update(done, total, kind))
      bar.end()
      io.out(
        `search index rebuilt: ${groupDigits(entries)} entries in ${((Date.now() - started) / 1000).toFixed(1)} s${read ? `; text read from ${read} PDF files` : ''}`,
      )
    })
  },
}
