import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { consoleDownloadUrl, consoleMediaUrl } from '#shared/files.ts'
import { formatFileSize, UPLOAD_ACCEPT, UPLOAD_LIMITS, type UploadedFile, type UploadKind } from '#shared/uploads.ts'
import { rememberUploadedName, useFileName } from './file-names.tsx'
import { MediaPicker, type PickedFile } from './media-picker.tsx'
import { sendUpload } from './upload-request.ts'
import '#app/components/form/field.css'
import './upload-field.css'

export type UploadFieldProps = {
  /** Name of the form value: the stored file's key ('' when there is none). */
  name: string
  label: ReactNode
  kind: UploadKind
  /**
   * The stored key the field starts with (read once, like an input's defaultValue). Its original
   * name comes from the page's `FileNamesProvider` (app/components/console/file-names.tsx).
   */
  defaultValue?: string | undefined
  required?: boolean | undefined
  hint?: ReactNode
  /** A validation message of the form (an upload's own error takes its place while shown). */
  error?: ReactNode
  /** Called after each successful upload (the file page refreshes its list). */
  onUploaded?: ((file: UploadedFile) => void) | undefined
}

/** What the field holds: an uploaded file (all facts known) or a stored key it started with. */
type Current = { key: string; name: string; size: number | null; url: string; thumbnail: string | null }

type Phase = { name: 'idle' } | { name: 'uploading'; percent: number } | { name: 'processing' } | { name: 'done' }

const IMAGE_KEY = /\.(png|jpe?g|webp|gif|avif|svg)$/i

/** A stored key the field starts with: its original name when the page knows it, else the key's last part. */
function fromKey(key: string, knownName: string | undefined): Current {
  const name = knownName ?? key.split('/').pop() ?? key
  const isImage = IMAGE_KEY.test(key)
  return {
    key,
    name,
    size: null,
    url: isImage ? consoleMediaUrl(key) : consoleDownloadUrl({ file_name: key, origin_file_name: name }),
    thumbnail: isImage ? consoleMediaUrl(key) : null,
  }
}

function fromUpload(file: UploadedFile): Current {
  const isImage = file.contentType.startsWith('image/')
  // The smallest WebP copy makes a light thumbnail; an image without copies shows itself. Both
  // through the console's own addresses: nothing public refers to a fresh upload yet.
  const small = file.variants?.find((v) => v.format === 'webp')?.key
  const url = isImage
    ? consoleMediaUrl(file.key)
    : consoleDownloadUrl({ file_name: file.key, origin_file_name: file.name })
  return {
    key: file.key,
    name: file.name,
    size: file.size,
    url,
    thumbnail: isImage ? consoleMediaUrl(small ?? file.key) : null,
  }
}

/** A file chosen from the library: its console addresses, as after an upload. */
function fromPick(file: PickedFile): Current {
  const isImage = file.contentType.startsWith('image/')
  return {
    key: file.key,
    name: file.name,
    size: file.size,
    url: isImage ? consoleMediaUrl(file.key) : consoleDownloadUrl({ file_name: file.key, origin_file_name: file.name }),
    thumbnail: file.thumbnail,
  }
}

/**
 * A console form field that uploads one file, or reuses one from the library (media-picker.tsx) (docs/decisions/017-console-uploads.md). Choosing a
 * file sends it at once to `POST /admin/upload` with a progress bar (its percentage announced
 * politely every quarter), then the returned key goes into the hidden input `name` and a preview
 * (thumbnail, or name and size) with a remove button takes the picker's place.
 *
 * Without JavaScript the picker stays disabled with a note, and the hidden input keeps submitting
 * the key the field started with: the stored file is kept, nothing is lost.
 */
export function UploadField({ name, label, kind, defaultValue, required, hint, error, onUploaded }: UploadFieldProps) {
  const t = useT()
  const lang = useLang()
  const hydrated = useHydrated()
  const id = useId()
  const inputId = `${id}file`
  const hintId = `${id}hint`
  const errorId = `${id}error`
  const nameOf = useFileName()
  const [current, setCurrent] = useState<Current | null>(() =>
    defaultValue ? fromKey(defaultValue, nameOf(defaultValue)) : null,
  )
  const [phase, setPhase] = useState<Phase>({ name: 'idle' })
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const cancel = useRef<(() => void) | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const announced = useRef(-1)

  // A page left mid-upload cancels it.
  useEffect(() => () => cancel.current?.(), [])

  const limit = UPLOAD_LIMITS[kind]
  const sizeText = formatFileSize(limit)
  const ownHint = t(kind === 'image' ? 'console.upload.hintImage' : 'console.upload.hintFile', { size: sizeText })
  const shownError = uploadError ?? error
  const busy = phase.name === 'uploading' || phase.name === 'processing'
  const described = [hintId, shownError ? errorId : null].filter(Boolean).join(' ')

  const finish = () => {
    cancel.current = null
    if (input.current) input.current.value = ''
  }

  function start(file: File) {
    setUploadError(null)
    if (file.size > limit) {
      finish()
      return setUploadError(
        t(kind === 'image' ? 'console.upload.tooLargeImage' : 'console.upload.tooLargeFile', { size: sizeText }),
      )
    }
    if (file.size === 0) {
      finish()
      return setUploadError(t('console.upload.empty'))
    }
    announced.current = 0
    setPhase({ name: 'uploading', percent: 0 })
    setAnnouncement(t('console.upload.progress', { percent: 0 }))
    cancel.current = sendUpload(file, kind, lang, {
      onProgress(percent) {
        setPhase((p) => (p.name === 'uploading' ? { name: 'uploading', percent } : p))
        const step = Math.floor(percent / 25) * 25
        if (step > announced.current && step < 100) {
          announced.current = step
          setAnnouncement(t('console.upload.progress', { percent: step }))
        }
      },
      onSent() {
        setPhase({ name: 'processing' })
        setAnnouncement(t('console.upload.processing'))
      },
      onDone(uploaded) {
        finish()
        rememberUploadedName(uploaded.key, uploaded.name)
        setCurrent(fromUpload(uploaded))
        setPhase({ name: 'done' })
        setAnnouncement(t('console.upload.done', { name: uploaded.name }))
        onUploaded?.(uploaded)
      },
      onError(message, network) {
        finish()
        setPhase({ name: 'idle' })
        setAnnouncement('')
        setUploadError(message ?? t(network ? 'console.upload.network' : 'console.upload.failed'))
      },
      onAbort() {
        finish()
        setPhase({ name: 'idle' })
        setAnnouncement(t('console.upload.cancelled'))
      },
    })
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (file) start(file)
  }

  const pick = (file: PickedFile) => {
    rememberUploadedName(file.key, file.name)
    setCurrent(fromPick(file))
    setUploadError(null)
    setPhase({ name: 'idle' })
    setAnnouncement(t('console.mediaPick.chosen', { name: file.name }))
  }

  const remove = () => {
    setCurrent(null)
    setPhase({ name: 'idle' })
    setUploadError(null)
    setAnnouncement(t('console.upload.removed'))
    input.current?.focus()
  }

  const percent = phase.name === 'uploading' ? phase.percent : phase.name === 'idle' ? 0 : 100
  return (
    <div className={`field upload-field ${shownError ? 'field--invalid' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {required ? <span className="field__required">{` ${t('form.required')}`}</span> : null}
      </label>
      <input type="hidden" name={name} value={current?.key ?? ''} />
      {current ? (
        <div className="upload-field__preview">
          {current.thumbnail ? (
            <img
              className="upload-field__thumb"
              src={current.thumbnail}
              alt={t('console.upload.previewAlt', { name: current.name })}
            />
          ) : null}
          <p className="upload-field__facts">
            <span className="upload-field__caption">{t('console.upload.current')}</span>
            <a href={current.url} className="upload-field__name">
              {current.name}
            </a>
            {current.size !== null ? <span> · {formatFileSize(current.size)}</span> : null}
          </p>
          <button
            type="button"
            className="button button--outline"
            onClick={remove}
            disabled={!hydrated || busy}
            aria-label={t('console.upload.removeNamed', { name: current.name })}
          >
            {t('console.upload.remove')}
          </button>
        </div>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        className="upload-field__input"
        accept={UPLOAD_ACCEPT[kind]}
        onChange={onChange}
        disabled={!hydrated || busy}
        aria-required={required && !current ? true : undefined}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={described}
      />
      <MediaPicker kind={kind} disabled={!hydrated || busy} onPick={pick} />
      {phase.name !== 'idle' ? (
        <div className="upload-field__progress">
          <label htmlFor={`${id}progress`}>{t('console.upload.progressLabel')}</label>
          <progress id={`${id}progress`} max={100} value={percent}>
            {percent}%
          </progress>
          <span aria-hidden="true">{percent}%</span>
          {phase.name === 'uploading' ? (
            <button type="button" className="button button--outline" onClick={() => cancel.current?.()}>
              {t('console.upload.cancel')}
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="upload-field__status">
        {announcement}
      </p>
      <p id={hintId} className="field__hint">
        {hint ? <>{hint} </> : null}
        {ownHint}
      </p>
      <noscript>
        <p className="field__hint">{t('console.upload.needsScript')}</p>
      </noscript>
      {shownError ? (
        // An upload's own error is news (role="alert"); the form's message is read with the picker.
        <p id={errorId} className="field__error" role={uploadError ? 'alert' : undefined}>
          {shownError}
        </p>
      ) : null}
    </div>
  )
}
