import { Form, useNavigation } from 'react-router'
import { FormAlert } from '#app/components/form/form-alert.tsx'
import { SubmitButton } from '#app/components/form/submit-button.tsx'
import { Textarea } from '#app/components/form/textarea.tsx'
import { useLang, useT } from '#app/i18n/use-lang.ts'
import { koreaDateTime } from '#app/utils/korea-date.ts'
import { THREAD_LIMITS } from '#shared/service-inbox.ts'
import { ATTACHMENT_RULES } from '#shared/service-request-rules.ts'
import type { AnswerResult, loadCustomerThread } from './request-answer.server.ts'
import { RequestFiles } from './request-parts.tsx'

type Thread = Awaited<ReturnType<typeof loadCustomerThread>>

/**
 * The status page's thread (docs/decisions/070-service-inbox.md): the company's replies and the
 * customer's own answers in time order, and the form to answer (text and attachments, without
 * JavaScript too; a refused answer shows its text again). A closed request takes no more answers.
 */
export function CustomerThread({ thread, answer }: { thread: Thread; answer: AnswerResult | undefined }) {
  const t = useT()
  const lang = useLang()
  const navigation = useNavigation()
  const answers = thread.thread.filter((m) => m.kind === 'customer').length
  return (
    <section aria-labelledby="service-thread-title" className="service-thread">
      <h2 id="service-thread-title" className="service-request__heading">
        {t('serviceThread.public.title')}
      </h2>
      {thread.answered ? (
        <p className="service-request__notice" role="status">
          {t('serviceThread.public.answered')}
        </p>
      ) : null}
      {thread.thread.length === 0 ? (
        <p>{t('serviceThread.public.empty')}</p>
      ) : (
        <ol className="service-thread__messages">
          {thread.thread.map((m) => (
            <li key={m.id} className={`service-thread__message service-thread__message--${m.kind}`}>
              <p className="service-thread__head">
                <strong>
                  {t(m.kind === 'reply' ? 'serviceThread.public.fromUs' : 'serviceThread.public.fromYou')}
                </strong>{' '}
                · <time dateTime={m.at}>{koreaDateTime(m.at, lang)}</time>
              </p>
              <p className="service-thread__body">{m.body}</p>
              {m.files.length ? <RequestFiles files={m.files} className="service-request__files" /> : null}
            </li>
          ))}
        </ol>
      )}
      <h2 id="service-answer-title" className="service-request__heading">
        {t('serviceThread.public.answerTitle')}
      </h2>
      {thread.state === 'closed' ? (
        <p className="service-thread__closed">{t('serviceThread.public.closed')}</p>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          action={thread.action}
          className="service-thread__form"
          aria-labelledby="service-answer-title"
          noValidate
          key={`answer-${answers}`}
        >
          <FormAlert message={answer?.message} />
          {answer?.reattach?.length ? (
            <p className="service-request__note">
              {t('serviceThread.public.reattach', { names: answer.reattach.join(', ') })}
            </p>
          ) : null}
          <Textarea
            name="body"
            label={t('serviceThread.public.answerBody')}
            required
            defaultValue={answer?.values?.body ?? ''}
            maxLength={THREAD_LIMITS.body}
            error={answer?.errors.body ? t(answer.errors.body) : undefined}
            rows={6}
          />
          <label className="service-thread__files">
            {t('serviceThread.public.files', { count: ATTACHMENT_RULES.count })}
            <input type="file" name="files" multiple accept={ATTACHMENT_RULES.accept} />
          </label>
          <SubmitButton busy={navigation.state === 'submitting'}>{t('serviceThread.public.send')}</SubmitButton>
        </Form>
      )}
    </section>
  )
}
