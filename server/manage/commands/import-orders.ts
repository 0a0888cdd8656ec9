import { orderSystemOf } from '#shared/order-rules.ts'
import { translate } from '#shared/i18n/messages.ts'
import '#shared/i18n/catalogs.server.ts'
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'
import { optionOf, positionalOf, type Command } from '../command.ts'
import { progressBar } from '../progress.ts'

/** A CSV field, quoted when it needs to be. */
const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)

export const importOrders: Command = {
  name: 'import-orders',
  summary: 'Upsert restricted-area orders by work number from a CSV or XLSX file; any bad row changes nothing',
  usage: '<file.csv|file.xlsx> --system erp|eps [--dry-run] [--lang ko|en]',
  async run(args) {
    const file = positionalOf(args, ['--system', '--lang'])
    const system = orderSystemOf(optionOf(args, '--system'))
    const lang = optionOf(args, '--lang') === 'en' ? 'en' : 'ko'
    if (!file || !system) throw new Error(`usage: npm run manage -- import-orders ${importOrders.usage}`)
    const config = loadConfig({ ...process.env, SEED_DEMO: 'false' })
    const runtime = await createRuntime(config)
    try {
      const bar = progressBar(`importing ${system} orders`)
      const started = Date.now()
      const result = await runtime.services.restricted.importOrders(system, file, {
        dryRun: args.includes('--dry-run'),
        onProgress: (done, total) => bar.update(done, total),
      })
      if (!result.ok) {
        console.log('row,column,problem')
        for (const p of result.problems) console.log([String(p.row), csvField(p.column), csvField(translate(lang, p.problem, p.vars))].join(','))
        throw new Error(`${result.problems.length} problem(s) in ${file}: nothing was imported`)
      }
      if (result.inserted + result.updated > 0) bar.end()
      const seconds = (Date.now() - started) / 1000
      console.log(
        args.includes('--dry-run')
          ? `${file}: ${result.rows} rows, no problems (dry run: nothing written)`
          : `${file}: ${result.rows} ${system} orders imported (${result.inserted} new, ${result.updated} updated) in ${seconds.toFixed(1)} s`,
      )
    } finally {
      await runtime.close()
    }
  },
}
