import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import type { FormResult } from '#app/components/form/form-result.ts'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { TextInput } from '#app/components/form/text-input.tsx'
import { useFormErrors } from '#app/components/form/use-form-errors.ts'
import { Modal } from '#app/components/ui/modal.tsx'
import { useT } from '#app/i18n/use-lang.ts'
import type { findUsernameSchema, passwordResetRequestSchema } from '#shared/member-fields.ts'
import { MEMBER_LIMITS } from '#shared/member-limits.ts'
import { useLazySchema } from '#app/utils/use-lazy-schema.ts'
import { UsernameInput } from './username-input.tsx'

/** What the login action answers the two dialogs: messages, the found ID or that the link was sent. */
export type FindResult = FormResult & {
  /** The found ID, partly masked (find ID). */
  username?: string
  /** The reset link was e-mailed (find password). */
  sent?: true
}

// The dialogs' schemas, for the browser's check once the page is interactive (the action checks again with them).
const loadFindUsername = () => import('#shared/member-fields.ts').then((m) => m.findUsernameSchema)
const loadPasswordReset = () => import('#shared/member-fields.ts').then((m) => m.passwordResetRequestSchema)

/** A dialog's form posted to the login action, checked in the browser first with its schema. */
function useFindForm(load: () => Promise<typeof findUsernameSchema | typeof passwordResetRequestSchema>) {
  const fetcher = useFetcher<FindResult>()
  const form = useFormErrors(useLazySchema(load), fetcher.data?.errors)
  return { fetcher, form, result: fetcher.data, busy: fetcher.state !== 'idle' }
}

type FindForm = ReturnType<typeof useFindForm>

type FindDialogProps = {
  find: FindForm
  intent: string
  title: string
  description: string
  submit: string
  onClose: () => void
  /** What the dialog shows once the request went through (it then only closes). */
  done: { body: ReactNode; confirmText?: string } | null
  children: ReactNode
}

/** A find dialog: description, fields, "No matching information." and the button; then its outcome. */
function FindDialog(props: FindDialogProps) {
  const { fetcher, form, result, busy } = props.find
  if (props.done) {
    return (
      <Modal
        open
        onClose={props.onClose}
        title={props.title}
        confirmText={props.done.confirmText}
        onConfirm={props.onClose}
        className="find-modal"
      >
        {props.done.body}
      </Modal>
    )
  }
  return (
    <Modal open onClose={props.onClose} title={props.title} className="find-modal">
      <fetcher.Form method="post" noValidate onSubmit={form.onSubmit} onInput={form.onInput} className="member-form">
        <input type="hidden" name="intent" value={props.intent} />
        <p className="find-modal__description">{props.description}</p>
        {props.children}
        <FormAlert message={result?.message} />
        <SubmitButton busy={busy}>{props.submit}</SubmitButton>
      </fetcher.Form>
    </Modal>
  )
}

/** Find ID: company, department and name; the found ID with a log-in button that closes the dialog. */
export function FindIdModal({ onClose }: { onClose: () => void }) {
  const t = useT()
  const find = useFindForm(loadFindUsername)
  const { errorFor } = find.form
  const found = find.result?.username
  const done = found
    ? {
        confirmText: t('findId.login'),
        body: (
          <>
            <p>{t('findId.result')}</p>
            <p className="find-modal__result" data-testid="found-id">
              {found}
            </p>
          </>
        ),
      }
    : null
  return (
    <FindDialog
      find={find}
      intent="find-id"
      title={t('findId.title')}
      description={t('findId.description')}
      submit={t('findId.submit')}
      onClose={onClose}
      done={done}
    >
      <TextInput
        label={t('member.company')}
        name="company"
        autoComplete="organization"
        maxLength={MEMBER_LIMITS.company}
        required
        error={errorFor('company')}
      />
      <TextInput
        label={t('member.division')}
        name="division"
        maxLength={MEMBER_LIMITS.division}
        required
        error={errorFor('division')}
      />
      <TextInput
        label={t('member.name')}
        name="name"
        autoComplete="name"
        maxLength={MEMBER_LIMITS.name}
        required
        error={errorFor('name')}
      />
    </FindDialog>
  )
}

/** Find password: ID, company and name; then a confirmation that the reset link was e-mailed. */
export function FindPasswordModal({ onClose }: { onClose: () => void }) {
  const t = useT()
  const find = useFindForm(loadPasswordReset)
  const { errorFor } = find.form
  const done = find.result?.sent ? { body: <p role="status">{t('findPw.sent')}</p> } : null
  return (
    <FindDialog
      find={find}
      intent="find-password"
      title={t('findPw.title')}
      description={t('findPw.description')}
      submit={t('findPw.submit')}
      onClose={onClose}
      done={done}
    >
      <UsernameInput error={errorFor('username')} />
      <TextInput
        label={t('member.company')}
        name="company"
        autoComplete="organization"
        maxLength={MEMBER_LIMITS.company}
        required
        error={errorFor('company')}
      />
      <TextInput
        label={t('member.name')}
        name="name"
        autoComplete="name"
        maxLength={MEMBER_LIMITS.name}
        required
        error={errorFor('name')}
      />
    </FindDialog>
  )
}
