import '#lib/zod-config';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AdminArticleCreate,
  AdminFaqCreate,
  type AdminArticle,
  type AdminArticleCreateInput,
  type AdminFaq,
  type AdminFaqCreateInput,
} from '@app/shared/schemas/admin-content';
import { HELP_CATEGORIES, HELP_LANGUAGES } from '@app/shared/schemas/help';
import { CheckboxField, SelectField, TextareaField, TextField } from '#components/ui/field';
import { FormActions, useAdminForm } from './admin-form';
import { schemaResolver } from '#lib/zod-resolver';

export const ARTICLE_FIELDS = [
  'slug',
  'language',
  'category',
  'title',
  'summary',
  'body',
  'published',
] as const;
export const FAQ_FIELDS = ['language', 'category', 'question', 'answer', 'published'] as const;

type ArticleValues = {
  slug: string;
  language: string;
  category: string;
  title: string;
  summary: string;
  body: string;
  published: boolean;
};
type FaqValues = { language: string; category: string; question: string; answer: string; published: boolean };

const articleResolver = schemaResolver<ArticleValues>(AdminArticleCreate, (values) => values);
const faqResolver = schemaResolver<FaqValues>(AdminFaqCreate, (values) => values);

/** What ArticleForm and FaqForm take besides the item they edit. */
interface HelpItemFormProps<Input, Values extends FieldValues> {
  pending: boolean;
  onSubmit: (values: Input, setError: UseFormSetError<Values>) => void;
  onCancel: () => void;
}

/** A help item's form around its own fields: then Published, and the footer (Save or Add, Cancel). */
function HelpItemFormFrame({
  onSubmit,
  published,
  editing,
  pending,
  onCancel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The published checkbox's registration. */
  published: UseFormRegisterReturn;
  editing: boolean;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-5">
      {children}
      <CheckboxField label={t('admin.content.help.publishedLabel')} {...published} />
      <FormActions
        pending={pending}
        submitLabel={editing ? t('admin.content.save') : t('admin.content.help.add')}
        onCancel={onCancel}
      />
    </form>
  );
}

function CategorySelect(props: Omit<React.ComponentProps<typeof SelectField>, 'label'>) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('admin.content.help.category')} {...props}>
      {HELP_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {t(`admin.content.help.categories.${category}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** The language an item is written in (decision 164): readers of another language see it only as a fallback. */
function LanguageSelect(props: Omit<React.ComponentProps<typeof SelectField>, 'label'>) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('admin.content.help.language')} {...props}>
      {HELP_LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`admin.content.settings.languageNames.${language}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** A help article: address (slug), language, category, title, summary, text, published. */
export function ArticleForm({
  article,
  pending,
  onSubmit,
  onCancel,
}: HelpItemFormProps<AdminArticleCreateInput, ArticleValues> & { article: AdminArticle | null }) {
  const { t } = useTranslation();
  const { field, register, handleSubmit, setError } = useAdminForm<ArticleValues>({
    resolver: articleResolver,
    defaultValues: {
      slug: article?.slug ?? '',
      language: article?.language ?? 'en',
      category: article?.category ?? 'getting-started',
      title: article?.title ?? '',
      summary: article?.summary ?? '',
      body: article?.body ?? '',
      published: article?.published ?? false,
    },
  });
  return (
    <HelpItemFormFrame
      onSubmit={handleSubmit((values) => onSubmit(values as AdminArticleCreateInput, setError))}
      published={register('published')}
      editing={article !== null}
      pending={pending}
      onCancel={onCancel}
    >
      <TextField label={t('admin.content.help.title')} {...field('title')} />
      <TextField
        label={t('admin.content.help.slug')}
        hint={t('admin.content.help.slugHint')}
        {...field('slug')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <LanguageSelect {...field('language')} />
        <CategorySelect {...field('category')} />
      </div>
      <TextField label={t('admin.content.help.summary')} {...field('summary')} />
      <TextareaField label={t('admin.content.help.body')} className="min-h-48" {...field('body')} />
    </HelpItemFormFrame>
  );
}

/** A frequently asked question: language, category, question, answer, published. */
export function FaqForm({
  faq,
  pending,
  onSubmit,
  onCancel,
}: HelpItemFormProps<AdminFaqCreateInput, FaqValues> & { faq: AdminFaq | null }) {
  const { t } = useTranslation();
  const { field, register, handleSubmit, setError } = useAdminForm<FaqValues>({
    resolver: faqResolver,
    defaultValues: {
      language: faq?.language ?? 'en',
      category: faq?.category ?? 'getting-started',
      question: faq?.question ?? '',
      answer: faq?.answer ?? '',
      published: faq?.published ?? false,
    },
  });
  return (
    <HelpItemFormFrame
      onSubmit={handleSubmit((values) => onSubmit(values as AdminFaqCreateInput, setError))}
      published={register('published')}
      editing={faq !== null}
      pending={pending}
      onCancel={onCancel}
    >
      <TextField label={t('admin.content.help.question')} {...field('question')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <LanguageSelect {...field('language')} />
        <CategorySelect {...field('category')} />
      </div>
      <TextareaField label={t('admin.content.help.answer')} className="min-h-32" {...field('answer')} />
    </HelpItemFormFrame>
  );
}
