import { orderSystemOf } from '#shared/order-rules.ts'
import { optionOf, positionalOf, type Command } from '../command.ts'
import { importFile } from './import.ts'

/** `import-orders <file> --system erp|eps`: `import erp-orders|eps-orders <file>`, kept for its users. */
export const importOrders: Command = {
  name: 'import-orders',
  summary: 'Same as `import erp-orders|eps-orders`: upsert restricted-area orders by work number',
  usage: '<file.csv|file.xlsx> --system erp|eps [--dry-run] [--lang ko|en]',
  async run(args, io) {
    const file = positionalOf(args, ['--system', '--lang'])
    const system = orderSystemOf(optionOf(args, '--system'))
    if (!file || !system) throw new Error(`usage: npm run manage -- import-orders ${importOrders.usage}`)
    await importFile(
      system === 'ERP' ? 'erp-orders' : 'eps-orders',
      file,
      {
        dryRun: args.includes('--dry-run'),
        lang: optionOf(args, '--lang') === 'en' ? 'en' : 'ko',
        label: `importing ${system} orders`,
        noun: `${system} orders`,
      },
      io,
    )
  },
}
