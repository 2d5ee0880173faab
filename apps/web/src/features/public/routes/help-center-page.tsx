import { lazy, Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import { Mail, Phone, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NUMBER_LOCALES } from '@app/shared/number-locales';
import type { HelpArticle, HelpFaq } from '@app/shared/schemas/help';
import { Button } from '#components/ui/button';
import { useDocumentMeta } from '#lib/document-meta';
import { useFrontSettings } from '#lib/front-settings';
import { useIdle } from '#lib/use-idle';
import { useHelpArticles, useHelpFaqs, useHelpLanguage } from '../api/help-content';
import { ShownInEnglish } from '../components/shown-in-english';
import { FaqAccordion } from '../components/faq-accordion';
import { PageHero, PublicLayout } from '../components/public-layout';
// The help center's texts are not in the public bundle: they come with this page (issue 39).
import '#i18n/page-texts';

// The form (and its validation library) loads once the page has loaded and the browser is idle: it
// sits below the articles and FAQs. It is not in the prerendered page either: a form shown before it
// works would be sent by the browser itself.
const ContactForm = lazy(async () => ({ default: (await import('../components/contact-form')).ContactForm }));

const normalize = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

function matches(query: string, ...texts: string[]) {
  if (!query) return true;
  const haystack = normalize(texts.join(' '));
  return normalize(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

function ArticleCard({ article }: { article: HelpArticle }) {
  const { t } = useTranslation();
  const language = useHelpLanguage();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  // An article with no version in the reader's language comes in English (decision 164): its text is
  // marked as English for screen readers, and a note says so.
  const lang = article.language === language ? undefined : article.language;
  return (
    <li className="flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-xs">
      <h3 lang={lang} className="text-lg font-semibold">
        {article.title}
      </h3>
      {lang && <ShownInEnglish className="mt-1" />}
      <p lang={lang} className="mt-2 flex-1 leading-relaxed text-muted">
        {article.summary}
      </p>
      <div
        id={bodyId}
        lang={lang}
        hidden={!open}
        className="mt-4 border-t border-line pt-4 leading-relaxed text-fg/90"
      >
        {article.body}
      </div>
      <Button
        variant="link"
        className="mt-4 self-start"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('site.help.showLess') : t('site.help.readMore')}
        <span className="sr-only">: {article.title}</span>
      </Button>
    </li>
  );
}

function FormPlaceholder() {
  return <div className="min-h-80" aria-hidden="true" />;
}

function LoadingCards() {
  return (
    <ul aria-hidden="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <li key={index} className="h-44 animate-pulse rounded-2xl border border-line bg-surface" />
      ))}
    </ul>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-line bg-surface p-8 text-center">
      <p className="text-muted">{t('site.help.loadError')}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** The search box: it filters the articles and FAQs below as the reader types. */
function SearchForm({ query, onQueryChange }: { query: string; onQueryChange: (query: string) => void }) {
  const { t } = useTranslation();
  return (
    <form role="search" className="mx-auto mt-8 max-w-xl" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="help-search" className="sr-only">
        {t('site.help.searchLabel')}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute start-4 top-1/2 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id="help-search"
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder={t('site.help.searchPlaceholder')}
          autoComplete="off"
          className="h-14 w-full rounded-2xl border border-white/10 bg-white ps-12 pe-4 text-base text-gray-900 shadow-lg placeholder:text-gray-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-indigo-400/50"
        />
      </div>
    </form>
  );
}

/** The articles that match the search (all of them without one), or why there are none. */
function ArticlesSection({
  articles,
  shown,
  searched,
}: {
  articles: ReturnType<typeof useHelpArticles>;
  shown: HelpArticle[];
  searched: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="articles-title">
      <h2 id="articles-title" className="text-2xl font-semibold tracking-tight">
        {t('site.help.articles')}
      </h2>
      <div className="mt-6">
        {articles.isPending ? (
          <LoadingCards />
        ) : articles.isError ? (
          <LoadError onRetry={() => void articles.refetch()} />
        ) : shown.length === 0 ? (
          <p className="text-muted">
            {searched ? t('site.help.noArticlesMatch') : t('site.help.noArticles')}
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The FAQs that match the search (all of them without one), or why there are none. */
function FaqsSection({
  faqs,
  shown,
  searched,
}: {
  faqs: ReturnType<typeof useHelpFaqs>;
  shown: HelpFaq[];
  searched: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="faq-title" className="mt-16">
      <h2 id="faq-title" className="text-2xl font-semibold tracking-tight">
        {t('site.help.faqs')}
      </h2>
      <div className="mt-6 max-w-4xl">
        {faqs.isPending ? (
          <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl border border-line bg-surface" />
        ) : faqs.isError ? (
          <LoadError onRetry={() => void faqs.refetch()} />
        ) : shown.length === 0 ? (
          <p className="text-muted">{searched ? t('site.help.noFaqsMatch') : t('site.help.noFaqs')}</p>
        ) : (
          <FaqAccordion faqs={shown} />
        )}
      </div>
    </section>
  );
}

/** How to reach the company (its email and phone when set) and the contact form. */
function ContactSection({
  settings,
  formReady,
}: {
  settings: ReturnType<typeof useFrontSettings>;
  formReady: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section id="contact" aria-labelledby="contact-title" className="mt-16 scroll-mt-24">
      <div className="grid gap-10 rounded-3xl border border-line bg-surface p-6 shadow-xs sm:p-10 lg:grid-cols-[1fr_1.6fr]">
        <div>
          <h2 id="contact-title" className="text-2xl font-semibold tracking-tight">
            {t('site.help.contact.title')}
          </h2>
          <p className="mt-3 leading-relaxed text-muted">{t('site.help.contact.lead')}</p>
          <ul className="mt-6 space-y-3 text-sm">
            {settings.company_email && (
              <li className="flex items-center gap-3">
                <Mail className="size-5 text-brand-text" aria-hidden="true" />
                <span className="sr-only">{t('site.help.contact.emailUs')}</span>
                <a
                  href={`mailto:${settings.company_email}`}
                  className="font-medium break-all hover:underline"
                >
                  {settings.company_email}
                </a>
              </li>
            )}
            {settings.company_phone && (
              <li className="flex items-center gap-3">
                <Phone className="size-5 text-brand-text" aria-hidden="true" />
                <span className="sr-only">{t('site.help.contact.callUs')}</span>
                <a
                  href={`tel:${settings.company_phone.replace(/[^\d+]/g, '')}`}
                  className="font-medium hover:underline"
                  dir="ltr"
                >
                  {settings.company_phone}
                </a>
              </li>
            )}
          </ul>
          <p className="mt-6 text-sm text-muted">{t('site.help.contact.hours')}</p>
        </div>
        {formReady ? (
          <Suspense fallback={<FormPlaceholder />}>
            <ContactForm />
          </Suspense>
        ) : (
          <FormPlaceholder />
        )}
      </div>
    </section>
  );
}

/** /help-center (spec §2): search, article cards, the FAQ accordion and the contact form. */
export function HelpCenterPage() {
  const { t, i18n } = useTranslation();
  const settings = useFrontSettings();
  const formReady = useIdle();
  useDocumentMeta(t('site.help.metaTitle'), t('site.help.metaDescription'));
  const articles = useHelpArticles();
  const faqs = useHelpFaqs();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());

  const shownArticles = useMemo<HelpArticle[]>(
    () => (articles.data?.data ?? []).filter((a) => matches(deferred, a.title, a.summary, a.body)),
    [articles.data, deferred],
  );
  const shownFaqs = useMemo<HelpFaq[]>(
    () => (faqs.data?.data ?? []).filter((f) => matches(deferred, f.question, f.answer)),
    [faqs.data, deferred],
  );
  const loaded = articles.isSuccess && faqs.isSuccess;
  const nothingFound = loaded && deferred !== '' && shownArticles.length === 0 && shownFaqs.length === 0;
  const found = shownArticles.length + shownFaqs.length;
  const numbers = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'];

  return (
    <PublicLayout>
      <PageHero eyebrow={t('site.help.eyebrow')} title={t('site.help.title')} lead={t('site.help.lead')}>
        <SearchForm query={query} onQueryChange={setQuery} />
        <p role="status" className="mt-3 min-h-5 text-sm text-white/70">
          {deferred && loaded
            ? t('site.help.resultCount', { count: found, number: found.toLocaleString(numbers) })
            : ''}
        </p>
      </PageHero>

      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        {nothingFound && (
          <div className="mb-12 rounded-2xl border border-line bg-surface p-8 text-center">
            <p className="font-medium">{t('site.help.noResults', { query: deferred })}</p>
            <p className="mt-2 text-muted">{t('site.help.noResultsHint')}</p>
          </div>
        )}

        <ArticlesSection articles={articles} shown={shownArticles} searched={deferred} />

        <FaqsSection faqs={faqs} shown={shownFaqs} searched={deferred} />

        <ContactSection settings={settings} formReady={formReady} />
      </div>
    </PublicLayout>
  );
}
