import type { Db } from '#server/db/client.ts'

/** A transaction or the database: both insert the same way. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

/** PDF string literal: ASCII only (the built-in Helvetica has no Hangul), with escapes. */
function pdfText(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')
}

/**
 * The text of each PDF the demo made, as pdf.js reads it back (one line per line): the seed
 * stores it in `files.text_content` without parsing its own files again (the test suite seeds
 * once per file); uploads are read with `extractPdfText`.
 */
export const pdfTexts = new WeakMap<Buffer, string>()

/**
 * A small valid one-page PDF (A4) with a title and a few lines, written by hand so the demo
 * needs no PDF library. Text is English: the standard fonts carry no Korean glyphs.
 */
export function makePdf(title: string, lines: string[]): Buffer {
  const content = [
    'BT /F1 20 Tf 60 770 Td (' + pdfText(title) + ') Tj ET',
    ...lines.map((line, i) => `BT /F1 11 Tf 60 ${730 - i * 18} Td (${pdfText(line)}) Tj ET`),
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out)
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  const pdf = Buffer.from(out, 'latin1')
  pdfTexts.set(
    pdf,
    [title, ...lines]
      .map((line) =>
        pdfText(line)
          .replace(/\\([\\()])/g, '$1')
          .replace(/[ \t]+/g, ' ')
          .trim(),
      )
      .filter(Boolean)
      .join('\n'),
  )
  return pdf
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A demo image as SVG: a gradient in the given hue with a label (Korean works: the browser
 * draws it with the page's fonts). `shape` adds a simple actuator silhouette for products.
 */
export function makeSvg({
  width,
  height,
  label,
  sublabel = '',
  hue = 210,
  shape = 'none',
}: {
  width: number
  height: number
  label: string
  sublabel?: string
  hue?: number
  shape?: 'none' | 'actuator' | 'logo'
}): Buffer {
  const cx = width / 2
  const cy = height / 2
  const s = Math.min(width, height)
  const art =
    shape === 'actuator'
      ? `<g fill="none" stroke="#fff" stroke-opacity=".85" stroke-width="${s / 60}">
  <rect x="${cx - s * 0.18}" y="${cy - s * 0.3}" width="${s * 0.36}" height="${s * 0.34}" rx="${s * 0.03}"/>
  <circle cx="${cx}" cy="${cy - s * 0.13}" r="${s * 0.09}"/>
  <rect x="${cx - s * 0.05}" y="${cy + s * 0.04}" width="${s * 0.1}" height="${s * 0.16}"/>
  <path d="M${cx - s * 0.22} ${cy + s * 0.2}h${s * 0.44}"/></g>`
      : shape === 'logo'
        ? `<circle cx="${cx}" cy="${cy - s * 0.06}" r="${s * 0.18}" fill="none" stroke="#fff" stroke-width="${s / 30}"/>`
        : ''
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 22%)"/><stop offset="1" stop-color="hsl(${hue} 55% 42%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${art}
<text x="50%" y="${shape === 'none' ? '50%' : '82%'}" fill="#fff" font-family="sans-serif" font-size="${Math.round(s / 10)}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${escapeXml(label)}</text>
${sublabel ? `<text x="50%" y="${shape === 'none' ? '62%' : '92%'}" fill="#fff" fill-opacity=".8" font-family="sans-serif" font-size="${Math.round(s / 22)}" text-anchor="middle">${escapeXml(sublabel)}</text>` : ''}
</svg>`
  return Buffer.from(svg)
}
