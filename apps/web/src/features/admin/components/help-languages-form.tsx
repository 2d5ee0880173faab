import '#lib/zod-config';
import { useForm, type FieldError, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminArticleCreate,
  AdminFaqCreate,
  type AdminArticle,
  type AdminFaq,
} from '@app/shared/schemas/admin-content';
import { HELP_LANGUAGES, type HelpLanguage } from '@app/shared/schemas/help';
import { Badge } from '#components/ui/badge';
import { CheckboxField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import type { HelpContentKind } from '../api/help-admin';
import { FormActions } from './admin-form';

const TEXT_FIELDS = { articles: ['title', 'summary', 'body'], faqs: ['question', 'answer'] } as const;
type TextFieldName = (typeof TEXT_FIELDS)[HelpContentKind][number];
type Column = Partial<Record<TextFieldName, string>> & { published: boolean };
export type LanguagesValues = Record<HelpLanguage, Column>;
type Version = AdminArticle | AdminFaq;

/** One version to save: a new one (id null, the whole body) or the changed fields of an existing one. */
export interface VersionSave {
  language: HelpLanguage;
  id: number | null;
  body: Record<string, unknown>;
}

const text = (version: Version | undefined, field: TextFieldName): string =>
  version ? ((version as unknown as Record<TextFieldName, string | undefined>)[field] ?? '') : '';

function toValues(kind: HelpContentKind, versions: Version[]): LanguagesValues {
  const byLanguage = new Map(versions.map((version) => [version.language, version]));
  return Object.fromEntries(
    HELP_LANGUAGES.map((language) => {
      const version = byLanguage.get(language);
      const fields = Object.fromEntries(TEXT_FIELDS[kind].map((field) => [field, text(version, field)]));
      return [language, { ...fields, published: version?.published ?? false }];
    }),
  ) as LanguagesValues;
}

/**
 * What the form's values mean to save, checked with the create schema per language (errors put on
 * `language.field`): an existing version's changed fields, a missing one that was filled in as a new
 * version with the shared slug or category. An untouched missing language is left out.
 */
export function versionsToSave(
  kind: HelpContentKind,
  versions: Version[],
  values: LanguagesValues,
): { saves: VersionSave[]; errors: Record<string, string> } {
  const shared = versions.find((version) => version.language === 'en') ?? versions[0];
  const saves: VersionSave[] = [];
  const errors: Record<string, string> = {};
  for (const language of HELP_LANGUAGES) {
    const existing = versions.find((version) => version.language === language);
    const column = values[language];
    const fields = TEXT_FIELDS[kind];
    if (!existing && fields.every((field) => (column[field] ?? '').trim() === '')) continue;
    const body = {
      ...Object.fromEntries(fields.map((field) => [field, column[field] ?? ''])),
      published: column.published,
    };
    const whole =
      kind === 'articles'
        ? { slug: (shared as AdminArticle | undefined)?.slug, category: shared?.category, language, ...body }
        : { category: shared?.category, language, ...body };
    const parsed = (kind === 'articles' ? AdminArticleCreate : AdminFaqCreate).safeParse(whole);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors[`${language}.${String(issue.path[0])}`] ??= issue.message;
      continue;
    }
    if (!existing) {
      saves.push({ language, id: null, body: whole });
      continue;
    }
    const changed = Object.fromEntries(
      Object.entries(body).filter(([field, value]) =>
        field === 'published'
          ? value !== existing.published
          : String(value) !== text(existing, field as TextFieldName),
      ),
    );
    if (Object.keys(changed).length > 0) saves.push({ language, id: existing.id, body: changed });
  }
  return { saves, errors };
}

/**
 * The side-by-side editor of one article or question (decision 164): a column per language, English,
 * Spanish, Arabic (three columns on wide screens, stacked on a phone), each written in its own
 * direction. A language without a version says so; filling it in creates that version on save.
 */
export function HelpLanguagesForm({
  kind,
  versions,
  pending,
  onSubmit,
  onCancel,
}: {
  kind: HelpContentKind;
  versions: Version[];
  pending: boolean;
  onSubmit: (values: LanguagesValues, setError: (name: string, message: string) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const { register, handleSubmit, setError, formState } = useForm<LanguagesValues>({
    defaultValues: toValues(kind, versions),
  });
  const errorOf = (language: HelpLanguage, field: string) =>
    message(((formState.errors[language] ?? {}) as Record<string, FieldError | undefined>)[field]?.message);
  const shared = versions.find((version) => version.language === 'en') ?? versions[0];
  const setFieldError = (name: string, text: string) =>
    setError(name as `en.published`, { type: 'server', message: text }, { shouldFocus: true });
  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(values, setFieldError))}
      noValidate
      className="space-y-6"
    >
      <SharedFacts kind={kind} shared={shared} />
      <div className="grid gap-6 lg:grid-cols-3">
        {HELP_LANGUAGES.map((language) => (
          <LanguageColumn
            key={language}
            kind={kind}
            language={language}
            exists={versions.some((version) => version.language === language)}
            register={register}
            errorOf={errorOf}
          />
        ))}
      </div>
      <FormActions pending={pending} submitLabel={t('admin.content.save')} onCancel={onCancel} />
    </form>
  );
}

/** What the languages share, above the columns: the article's slug and the category. */
function SharedFacts({ kind, shared }: { kind: HelpContentKind; shared: Version | undefined }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-muted">
      {t('admin.content.help.languages.shared')}{' '}
      {kind === 'articles' && (
        <>
          {t('admin.content.help.slug')}: <code dir="ltr">{(shared as AdminArticle | undefined)?.slug}</code>
          {' · '}
        </>
      )}
      {t('admin.content.help.category')}:{' '}
      {shared ? t(`admin.content.help.categories.${shared.category}`, { defaultValue: shared.category }) : ''}
    </p>
  );
}

/** One language's column: its text fields in its own direction and whether it is published. */
function LanguageColumn({
  kind,
  language,
  exists,
  register,
  errorOf,
}: {
  kind: HelpContentKind;
  language: HelpLanguage;
  /** Whether the language has a version yet. */
  exists: boolean;
  register: UseFormRegister<LanguagesValues>;
  errorOf: (language: HelpLanguage, field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const name = t(`admin.content.settings.languageNames.${language}`);
  return (
    <fieldset
      className="min-w-0 space-y-4 rounded-lg border border-line p-4"
      data-testid={`version-${language}`}
    >
      <legend className="px-1 font-semibold">{name}</legend>
      {!exists && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <Badge tone="warning">{t('admin.content.help.languages.missingBadge')}</Badge>
          {t('admin.content.help.languages.missing')}
        </p>
      )}
      {/* The operator's words are in the column's language and direction; the labels in the UI's. */}
      <div className="space-y-4">
        {TEXT_FIELDS[kind].map((field) =>
          field === 'body' || field === 'answer' ? (
            <TextareaField
              key={field}
              label={t(`admin.content.help.${field}`)}
              className={field === 'body' ? 'min-h-48' : 'min-h-32'}
              lang={language}
              dir={language === 'ar' ? 'rtl' : 'ltr'}
              error={errorOf(language, field)}
              {...register(`${language}.${field}`)}
            />
          ) : (
            <TextField
              key={field}
              label={t(`admin.content.help.${field}`)}
              lang={language}
              dir={language === 'ar' ? 'rtl' : 'ltr'}
              error={errorOf(language, field)}
              {...register(`${language}.${field}`)}
            />
          ),
        )}
      </div>
      <CheckboxField label={t('admin.content.help.published')} {...register(`${language}.published`)} />
    </fieldset>
  );
}
