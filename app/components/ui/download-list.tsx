import { useT } from '#app/i18n/use-lang.ts'
import './download-list.css'

/** File icon kinds of the specification (section 9). */
export const FILE_KINDS = [
  'KOR',
  'ENG',
  'RUS',
  'ARA',
  'CHI',
  'VIE',
  'JPN',
  'IND',
  'EPO',
  'FRE',
  'ETC',
  'CAD',
  'PDF',
  'GSD',
  'MOV',
] as const
export type FileKind = (typeof FILE_KINDS)[number]

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'PDF',
  dwg: 'CAD',
  dxf: 'CAD',
  step: 'CAD',
  stp: 'CAD',
  igs: 'CAD',
  gsd: 'GSD',
  gse: 'GSD',
  mov: 'MOV',
  mp4: 'MOV',
  avi: 'MOV',
  wmv: 'MOV',
}

/** The badge kind: the given kind when it is one of FILE_KINDS, else guessed from the file extension, else ETC. */
export function fileKindOf(kind: string | null | undefined, href = ''): FileKind {
  const upper = kind?.trim().toUpperCase()
  if (upper && (FILE_KINDS as readonly string[]).includes(upper)) return upper as FileKind
  const path = href.split(/[?#]/)[0] ?? ''
  const ext = path.includes('.') ? path.slice(path.lastIndexOf('.') + 1).toLowerCase() : ''
  return Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : 'ETC'
}

export type DownloadFile = { href: string; label: string; kind?: string }

export type DownloadListProps = {
  files: DownloadFile[]
  /** Also show each file's label beside its badge (by default only the badges show; the label is in the accessible name). */
  showLabels?: boolean
  className?: string
}

/** A row of download links, each marked with its file kind badge (KOR, ENG, PDF, CAD, ...). */
export function DownloadList({ files, showLabels = false, className }: DownloadListProps) {
  const t = useT()
  if (files.length === 0) return null
  return (
    <ul className={`download-list ${showLabels ? 'download-list--labelled' : ''} ${className ?? ''}`}>
      {files.map((file, index) => {
        const code = fileKindOf(file.kind, file.href)
        // WCAG 2.5.3: the name starts with what the link shows (the badge, then the label when shown).
        const name = t('download.button', { code, label: file.label, kind: t(`fileKind.${code}`) })
        return (
          <li key={`${file.href}-${index}`} className="download-list__item">
            <a className="download-list__link" href={file.href} download aria-label={name}>
              <svg
                className="download-list__icon"
                viewBox="0 0 24 24"
                width="16"
                height="16"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="M12 4v11M7 10l5 5 5-5M5 20h14"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className={`download-list__badge download-list__badge--${code.toLowerCase()}`} aria-hidden="true">
                {code}
              </span>
              {/* A real space between badge and label: the flex gap shows one, but text (and axe) would read "KORTM_…". */}
              {showLabels ? ' ' : null}
              {showLabels ? (
                <span className="download-list__label" aria-hidden="true">
                  {file.label}
                </span>
              ) : null}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
