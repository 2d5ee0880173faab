import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '#lib/zod-resolver';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { HELP_MESSAGES, HelpRequest, type HelpRequestInput } from '@app/shared/schemas/help';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { ApiError } from '#lib/api-client';
import { applyFieldErrors } from '#lib/form-errors';
import { useSubmitHelpRequest } from '../api/submit-help-request';

const FIELDS = ['name', 'email', 'message'] as const;

/**
 * The help center's contact form (spec §2, §5, §8): name, email and message, all required. A hidden
 * 'website' field is a trap for bots (people never see or reach it). An empty form says the spec's
 * 'All fields are required.' once, above the button; each empty field says which one it is ("Please
 * enter your name."), so the same sentence is not repeated under every field.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const message = useMessage();
  const submit = useSubmitHelpRequest();
  const fieldError = (field: (typeof FIELDS)[number], text: string | undefined) =>
    text === HELP_MESSAGES.allFieldsRequired ? t(`site.help.contact.missing.${field}`) : message(text);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<HelpRequestInput>({
    resolver: zodResolver(HelpRequest),
    defaultValues: { name: '', email: '', message: '', website: '' },
  });

  const onSubmit = handleSubmit(
    (values) => {
      setResult(null);
      submit.mutate(values, {
        onSuccess: () => {
          const text = message('Message sent successfully!');
          setResult({ tone: 'success', text });
          toast.success(text);
          reset();
        },
        onError: (error) => {
          applyFieldErrors(error, setError, FIELDS);
          const text =
            error instanceof ApiError && error.status === 0
              ? message('An error occurred while contacting support.')
              : error instanceof ApiError && error.status === 429 && error.serverMessage
                ? message(error.serverMessage)
                : message('Failed to send message.');
          setResult({ tone: 'error', text });
          toast.error(text);
        },
      });
    },
    () => setResult({ tone: 'error', text: message('All fields are required.') }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="contact-title">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('site.help.contact.name')}
          autoComplete="name"
          error={fieldError('name', errors.name?.message)}
          {...register('name')}
        />
        <TextField
          label={t('site.help.contact.email')}
          type="email"
          autoComplete="email"
          error={fieldError('email', errors.email?.message)}
          {...register('email')}
        />
      </div>
      <TextareaField
        label={t('site.help.contact.message')}
        rows={5}
        error={fieldError('message', errors.message?.message)}
        {...register('message')}
      />
      <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
        <label>
          {t('site.help.contact.website')}
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </div>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <Button type="submit" loading={submit.isPending}>
        {t('site.help.contact.submit')}
      </Button>
    </form>
  );
}
