// Writes the static section banners (public/images/banners/*.svg): an abstract industrial
// pattern per section, desktop 1920×400 and mobile 728×400. Run once; the files are committed.
import fs from 'node:fs'

const sections = {
  company: 212,
  investment: 228,
  recruitment: 190,
  terms: 205,
  product: 200,
  service: 218,
  search: 210,
  member: 206,
}

function banner(width, height, hue, seed) {
  let lines = ''
  for (let i = 0; i < 9; i++) {
    const r = 60 + ((seed * 37 + i * 53) % 260)
    const cx = (seed * 97 + i * 211) % width
    const cy = (seed * 13 + i * 71) % height
    lines += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity="${(0.05 + (i % 3) * 0.03).toFixed(2)}" stroke-width="${2 + (i % 4)}"/>`
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 62% 16%)"/><stop offset="1" stop-color="hsl(${hue} 55% 34%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${lines}</svg>\n`
}

let seed = 1
for (const [name, hue] of Object.entries(sections)) {
  fs.writeFileSync(`public/images/banners/${name}-pc.svg`, banner(1920, 400, hue, seed))
  fs.writeFileSync(`public/images/banners/${name}-mb.svg`, banner(728, 400, hue, seed + 1))
  seed += 2
}
console.log('banners written')
