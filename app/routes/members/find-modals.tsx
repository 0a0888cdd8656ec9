import { useFetcher } from 'react-router'
import { Modal } from '#app/components/ui/modal.tsx'
import { TextInput } from '#app/components/ui/text-input.tsx'
import type { MessageKey } from '#shared/i18n/messages.ts'
import { useT } from '#app/i18n/use-lang.ts'
import { findUsernameSchema, passwordResetRequestSchema, type FieldErrors } from '#shared/member-rules.ts'
import { useFormErrors } from './use-form-errors.ts'

/** What the login action answers the two dialogs. */
export type FindResult = {
  intent: 'find-id' | 'find-password'
  errors: FieldErrors
  /** The found ID, partly masked (find ID). */
  username?: string
  /** The reset link was e-mailed (find password). */
  sent?: boolean
  /** 'No matching information.' or the rate-limit message, shown above the button. */
  message?: MessageKey
}

const errorText = (t: ReturnType<typeof useT>, errors: FieldErrors, field: string) =>
  errors[field] ? t(errors[field] as MessageKey) : undefined

/** Find ID: company, department and name; the found ID with a log-in button that closes the dialog. */
export function FindIdModal({ onClose }: { onClose: () => void }) {
  const t = useT()
  const fetcher = useFetcher<FindResult>()
  const result = fetcher.data
  const { errors, onSubmit, onChange } = useFormErrors(findUsernameSchema, result?.errors)
  const busy = fetcher.state !== 'idle'

  if (result?.username) {
    return (
      <Modal open onClose={onClose} title={t('findId.title')} confirmText={t('findId.login')} onConfirm={onClose} className="find-modal">
        <p>{t('findId.result')}</p>
        <p className="find-modal__result" data-testid="found-id">
          {result.username}
        </p>
      </Modal>
    )
  }
  return (
    <Modal open onClose={onClose} title={t('findId.title')} className="find-modal">
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="member-form">
        <input type="hidden" name="intent" value="find-id" />
        <p className="find-modal__description">{t('findId.description')}</p>
        <TextInput label={t('member.company')} name="company" autoComplete="organization" maxLength={50} required error={errorText(t, errors, 'company')} />
        <TextInput label={t('member.division')} name="division" maxLength={50} required error={errorText(t, errors, 'division')} />
        <TextInput label={t('member.name')} name="name" autoComplete="name" maxLength={50} required error={errorText(t, errors, 'name')} />
        {result?.message ? (
          <p className="member-form__alert" role="alert">
            {t(result.message)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary member-form__submit" disabled={busy}>
          {t('findId.submit')}
        </button>
      </fetcher.Form>
    </Modal>
  )
}

/** Find password: ID, company and name; then a confirmation that the reset link was e-mailed. */
export function FindPasswordModal({ onClose }: { onClose: () => void }) {
  const t = useT()
  const fetcher = useFetcher<FindResult>()
  const result = fetcher.data
  const { errors, onSubmit, onChange } = useFormErrors(passwordResetRequestSchema, result?.errors)
  const busy = fetcher.state !== 'idle'

  if (result?.sent) {
    return (
      <Modal open onClose={onClose} title={t('findPw.title')} onConfirm={onClose} className="find-modal">
        <p role="status">{t('findPw.sent')}</p>
      </Modal>
    )
  }
  return (
    <Modal open onClose={onClose} title={t('findPw.title')} className="find-modal">
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="member-form">
        <input type="hidden" name="intent" value="find-password" />
        <p className="find-modal__description">{t('findPw.description')}</p>
        <TextInput
          label={t('member.username')}
          name="username"
          type="email"
          inputMode="email"
          autoComplete="username"
          maxLength={100}
          required
          error={errorText(t, errors, 'username')}
        />
        <TextInput label={t('member.company')} name="company" autoComplete="organization" maxLength={50} required error={errorText(t, errors, 'company')} />
        <TextInput label={t('member.name')} name="name" autoComplete="name" maxLength={50} required error={errorText(t, errors, 'name')} />
        {result?.message ? (
          <p className="member-form__alert" role="alert">
            {t(result.message)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary member-form__submit" disabled={busy}>
          {t('findPw.submit')}
        </button>
      </fetcher.Form>
    </Modal>
  )
}
