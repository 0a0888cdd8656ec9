/**
 * Just enough MIME to read the messages nodemailer writes (tests only): headers, RFC 2047
 * subjects, multipart/alternative with quoted-printable or base64 parts.
 */
export type ParsedMail = {
  headers: Record<string, string>
  subject: string
  to: string
  text: string
  html: string
  /** Every http(s) link of the text part. */
  links: string[]
}

function splitHead(raw: string): [string, string] {
  const i = raw.search(/\r?\n\r?\n/)
  if (i < 0) return [raw, '']
  const sep = raw.slice(i).match(/^\r?\n\r?\n/)![0]
  return [raw.slice(0, i), raw.slice(i + sep.length)]
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return out
}

function decodeQp(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(c, 'utf8'))
  }
  return Buffer.from(bytes)
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase()
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (enc === 'quoted-printable') return decodeQp(body).toString('utf8')
  return body
}

export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replace(/_/g, ' ')).toString('utf8'),
    )
}

function collect(raw: string, out: { text: string; html: string }) {
  const [head, body] = splitHead(raw)
  const headers = parseHeaders(head)
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?\\r?\\n?`))
    for (const part of parts) if (part.trim()) collect(part, out)
    return
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding'])
  if (/^text\/html/i.test(type)) out.html += decoded
  else if (/^text\/plain/i.test(type)) out.text += decoded
}

export function parseMail(raw: string): ParsedMail {
  const [head] = splitHead(raw)
  const headers = parseHeaders(head)
  const out = { text: '', html: '' }
  collect(raw, out)
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    to: decodeWords(headers.to ?? ''),
    text: out.text,
    html: out.html,
    links: [...out.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
  }
}
