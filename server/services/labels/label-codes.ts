import bwipjs from 'bwip-js/node'
import type { LabelCode } from '#shared/label-rules.ts'

/**
 * One symbol as a PNG, made on the server by bwip-js (docs/decisions/060-nameplate-labels.md): a QR
 * code at error-correction level Q (about a quarter of the symbol may be lost to a scratch or
 * paint and it still reads), or a Data Matrix ECC 200 (its Reed-Solomon correction is fixed by the
 * standard), black on white with a quiet zone of four modules. Five pixels a module: at the label's
 * 30 mm a QR of 29 modules prints at well over 300 dots an inch.
 */
export function codePng(kind: LabelCode, text: string): Promise<Buffer> {
  // `eclevel` is one of BWIPP's own options, which bwip-js passes on but its types do not list.
  // A white ground, not bwip-js's transparent one: the quiet zone must print white on any label stock.
  const look = { scale: 5, padding: 8, backgroundcolor: 'FFFFFF' }
  const qr: bwipjs.RenderOptions & { eclevel: 'Q' } = { bcid: 'qrcode', text, eclevel: 'Q', ...look }
  return bwipjs.toBuffer(kind === 'qr' ? qr : { bcid: 'datamatrix', text, ...look })
}
