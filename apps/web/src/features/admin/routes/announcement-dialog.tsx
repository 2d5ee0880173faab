import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { Announcement, AnnouncementInput } from '@app/shared/schemas/announcements';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { CheckboxField, SelectField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { errorMessage, firstFieldErrors } from '#lib/api-client';
import { useAnnouncementAudience, useSaveAnnouncement } from '../api/announcements';

const LANGUAGES = ['en', 'es', 'ar'] as const;
const SEGMENTS = ['all', 'verified', 'with_plan', 'with_loan', 'country', 'plan'] as const;
type Segment = Announcement['segment'];

/** A text field of a submitted form, trimmed ('' when absent). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A draft's form values: an announcement edited, or a new one (prefilled for a plan's members). */
export interface Draft {
  id: number | null;
  values: Partial<Announcement>;
}

/**
 * The submitted form as the API's input: English always, another language only where written; the
 * country or plan only for the segment that needs it.
 */
function announcementInput(form: FormData, segment: Segment): AnnouncementInput {
  const texts = (field: 'title' | 'body') =>
    Object.fromEntries(
      LANGUAGES.map((language) => [language, textOf(form, `${field}.${language}`)]).filter(
        ([language, text]) => language === 'en' || text,
      ),
    ) as AnnouncementInput['title'];
  return {
    title: texts('title'),
    body: texts('body'),
    notice: form.get('notice') === 'on',
    segment: textOf(form, 'segment') as AnnouncementInput['segment'],
    country: segment === 'country' ? textOf(form, 'country').toUpperCase() : null,
    plan_id: segment === 'plan' ? Number(textOf(form, 'plan_id')) || null : null,
  };
}

interface FieldsProps {
  values: Partial<Announcement>;
  errors: Record<string, string>;
}

/** The title and text in each language, side by side; English is required, the others optional. */
function LanguageFields({ values, errors }: FieldsProps) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {LANGUAGES.map((language) => (
        <fieldset
          key={language}
          className="space-y-3"
          lang={language}
          dir={language === 'ar' ? 'rtl' : 'ltr'}
        >
          <legend className="text-sm font-semibold">
            {t(`admin.announcements.languages.${language}`)}
            {language === 'en' ? '' : ` (${t('admin.announcements.optional')})`}
          </legend>
          <TextField
            name={`title.${language}`}
            label={t('admin.announcements.titleField')}
            defaultValue={values.title?.[language] ?? ''}
            required={language === 'en'}
            maxLength={120}
            error={message(errors[`title.${language}`])}
          />
          <TextareaField
            name={`body.${language}`}
            label={t('admin.announcements.bodyField')}
            defaultValue={values.body?.[language] ?? ''}
            required={language === 'en'}
            maxLength={2000}
            error={message(errors[`body.${language}`])}
          />
        </fieldset>
      ))}
    </div>
  );
}

/** Who receives it: the segment, and the country or plan number when the segment needs one. */
function AudienceFields({
  values,
  errors,
  segment,
  onSegment,
}: FieldsProps & { segment: Segment; onSegment: (segment: Segment) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SelectField
        name="segment"
        label={t('admin.announcements.segment')}
        value={segment}
        onChange={(event) => onSegment(event.target.value as Segment)}
        error={message(errors.segment)}
      >
        {SEGMENTS.map((value) => (
          <option key={value} value={value}>
            {t(`admin.announcements.segments.${value}`)}
          </option>
        ))}
      </SelectField>
      {segment === 'country' && (
        <TextField
          name="country"
          label={t('admin.announcements.country')}
          hint={t('admin.announcements.countryHint')}
          defaultValue={values.country ?? ''}
          maxLength={2}
          error={message(errors.country)}
        />
      )}
      {segment === 'plan' && (
        <TextField
          name="plan_id"
          inputMode="numeric"
          label={t('admin.announcements.planId')}
          defaultValue={values.plan_id ? String(values.plan_id) : ''}
          error={message(errors.plan_id)}
        />
      )}
    </div>
  );
}

/** A new announcement or a draft edited: its texts, its members, and whether it is also a notice. */
export function AnnouncementDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveAnnouncement(draft.id);
  const audience = useAnnouncementAudience(draft.id);
  const [segment, setSegment] = useState(draft.values.segment ?? 'all');
  const errors = firstFieldErrors(save.error);
  const failure =
    save.error && Object.keys(errors).length === 0 ? errorMessage(save.error, 'An error occurred') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(announcementInput(new FormData(event.currentTarget), segment), {
      onSuccess: (answer) => {
        toast.success(message(answer.message));
        onClose();
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={draft.id === null ? t('admin.announcements.addTitle') : t('admin.announcements.editTitle')}
      description={t('admin.announcements.formLead')}
      wide
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <LanguageFields values={draft.values} errors={errors} />
        <AudienceFields values={draft.values} errors={errors} segment={segment} onSegment={setSegment} />
        <CheckboxField
          name="notice"
          label={t('admin.announcements.noticeField')}
          defaultChecked={draft.values.notice ?? false}
        />
        {audience.data && (
          <p className="text-sm text-muted">
            {t('admin.announcements.audience', { count: audience.data.members })}
          </p>
        )}
        {failure && <Alert tone="error">{message(failure)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('admin.announcements.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
