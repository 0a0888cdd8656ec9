import { useEffect, useId, useState, type FormEvent } from 'react'
import { Modal } from '#app/components/ui/modal.tsx'
import { RelativeTime } from '#app/components/ui/relative-time.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import { formatFileSize, type UploadKind } from '#shared/uploads.ts'
import './media-picker.css'

/** A stored file as the picker lists it (app/routes/console/media-pick.ts). */
export type PickedFile = {
  key: string
  name: string
  size: number
  contentType: string
  uploader: string | null
  createdAt: string
  thumbnail: string | null
}

type Answer = {
  files: PickedFile[]
  uploaders: { id: number; name: string }[]
  total: number
  page: number
  pages: number
}
type Sort = 'new' | 'old' | 'name'
type Search = { q: string; uploader: string; sort: Sort; page: number }
const SORTS: readonly Sort[] = ['new', 'old', 'name']

/**
 * "Choose from the library" beside an upload field (issue 33; docs/decisions/056-media-library.md):
 * a dialog that searches the stored files of the field's kind by name, newest or by name, a page
 * at a time, and hands the chosen one to the field, which then holds its key as after an upload.
 */
export function MediaPicker({
  kind,
  disabled,
  onPick,
}: {
  kind: UploadKind
  disabled: boolean
  onPick: (file: PickedFile) => void
}) {
  const t = useT()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState<Search>({ q: '', uploader: '', sort: 'new', page: 1 })
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    const params = new URLSearchParams({
      kind,
      q: search.q,
      uploader: search.uploader,
      sort: search.sort,
      page: String(search.page),
    })
    setFailed(false)
    fetch(`/admin/media/pick?${params}`, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status))
        setAnswer((await res.json()) as Answer)
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailed(true)
        return error
      })
    return () => controller.abort()
  }, [open, kind, search])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const sort = String(data.get('sort'))
    setSearch({
      q: String(data.get('q') ?? ''),
      uploader: String(data.get('uploader') ?? ''),
      sort: SORTS.includes(sort as Sort) ? (sort as Sort) : 'new',
      page: 1,
    })
  }
  const choose = (file: PickedFile) => {
    setOpen(false)
    onPick(file)
  }

  return (
    <>
      <button type="button" className="button button--outline" onClick={() => setOpen(true)} disabled={disabled}>
        {t('console.mediaPick.open')}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t(kind === 'image' ? 'console.mediaPick.titleImage' : 'console.mediaPick.titleFile')}
        className="media-picker"
      >
        <form className="media-picker__search" role="search" onSubmit={submit}>
          <label htmlFor={`${id}q`}>{t('console.mediaPick.name')}</label>
          <input id={`${id}q`} name="q" type="search" defaultValue={search.q} maxLength={100} />
          <label htmlFor={`${id}uploader`}>{t('console.mediaPick.uploader')}</label>
          <select id={`${id}uploader`} name="uploader" defaultValue={search.uploader}>
            <option value="">{t('console.mediaPick.anyone')}</option>
            {answer?.uploaders.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
            <option value="system">{t('console.mediaPick.system')}</option>
          </select>
          <label htmlFor={`${id}sort`}>{t('console.mediaPick.sort')}</label>
          <select id={`${id}sort`} name="sort" defaultValue={search.sort}>
            <option value="new">{t('console.mediaPick.sortNew')}</option>
            <option value="old">{t('console.mediaPick.sortOld')}</option>
            <option value="name">{t('console.mediaPick.sortName')}</option>
          </select>
          <button type="submit" className="button button--primary">
            {t('console.mediaPick.search')}
          </button>
        </form>
        <p role="status" className="media-picker__count">
          {failed
            ? t('console.mediaPick.failed')
            : answer
              ? t('console.mediaPick.count', { count: answer.total })
              : t('console.mediaPick.loading')}
        </p>
        {answer && !failed ? (
          <ul className="media-picker__list">
            {answer.files.map((file) => (
              <li key={file.key} className="media-picker__item">
                {file.thumbnail ? <img src={file.thumbnail} alt="" width={64} height={48} loading="lazy" /> : null}
                <span className="media-picker__facts">
                  <span className="media-picker__name">{file.name}</span>
                  <span className="console-muted">
                    {formatFileSize(file.size)} · {file.uploader ?? t('console.mediaPick.system')} ·{' '}
                    <RelativeTime iso={file.createdAt} />
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => choose(file)}
                  aria-label={t('console.mediaPick.chooseNamed', { name: file.name })}
                >
                  {t('console.mediaPick.choose')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {answer && answer.pages > 1 ? (
          <p className="media-picker__pages">
            <button
              type="button"
              className="button button--outline"
              disabled={answer.page <= 1}
              onClick={() => setSearch((s) => ({ ...s, page: s.page - 1 }))}
            >
              {t('console.mediaPick.previous')}
            </button>
            <span>{t('console.mediaPick.page', { page: answer.page, pages: answer.pages })}</span>
            <button
              type="button"
              className="button button--outline"
              disabled={answer.page >= answer.pages}
              onClick={() => setSearch((s) => ({ ...s, page: s.page + 1 }))}
            >
              {t('console.mediaPick.next')}
            </button>
          </p>
        ) : null}
      </Modal>
    </>
  )
}
