import type { ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
// The pages' texts are not in the public bundle: they come with this module (issue 39).
import '#i18n/page-texts';
import { useDocumentMeta } from '#lib/document-meta';
import { useFrontSettings } from '#lib/front-settings';
import { cn } from '#lib/cn';
import { PageHero, PublicLayout } from './public-layout';

interface Item {
  id?: string;
  title: string;
  text: string;
  points?: string[];
}

export interface InfoSection {
  id?: string;
  title: string;
  lead?: string;
  paragraphs?: string[];
  bullets?: string[];
  items?: Item[];
}

export interface InfoPageContent {
  metaTitle: string;
  metaDescription: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  updated?: string;
  sections: InfoSection[];
  cta?: { title: string; text: string; button: string; to?: string };
}

/** The content of a page in the locale files (site.pages.<name>), with the site name filled in. */
export function usePageContent(name: string): InfoPageContent {
  const { t } = useTranslation();
  const { sitename } = useFrontSettings();
  const content = t(`site.pages.${name}`, { returnObjects: true, sitename }) as InfoPageContent | string;
  return typeof content === 'string'
    ? { metaTitle: name, metaDescription: '', title: name, sections: [] }
    : content;
}

function SectionBody({ section, prose }: { section: InfoSection; prose: boolean }) {
  return (
    <>
      {section.lead && <p className="mt-3 text-lg text-muted">{section.lead}</p>}
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph} className={cn('mt-4 leading-relaxed', prose ? 'text-fg/90' : 'text-muted')}>
          {paragraph}
        </p>
      ))}
      {section.bullets && (
        <ul className="mt-4 list-disc space-y-2 ps-6 leading-relaxed text-fg/90 marker:text-brand">
          {section.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      )}
      {section.items && (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {section.items.map((item) => (
            <li
              key={item.title}
              id={item.id}
              className="scroll-mt-24 rounded-2xl border border-line bg-surface p-6 shadow-xs"
            >
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{item.text}</p>
              {item.points && (
                <ul className="mt-4 space-y-1.5 text-sm text-fg/90">
                  {item.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand" />
                      {point}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A public page built from its content: a dark hero, its sections (text, lists, cards with anchors)
 * and a closing call. `prose` lays sections out as a document (legal pages). `sectionContent` adds
 * what the texts cannot hold (data read from the API) to the end of the section of that id.
 */
export function InfoPage({
  content,
  heroAction,
  prose = false,
  sectionContent,
  children,
}: {
  content: InfoPageContent;
  heroAction?: ReactNode;
  prose?: boolean;
  sectionContent?: Partial<Record<string, ReactNode>>;
  children?: ReactNode;
}) {
  useDocumentMeta(content.metaTitle, content.metaDescription);
  return (
    <PublicLayout>
      <PageHero eyebrow={content.eyebrow} title={content.title} lead={content.lead}>
        {content.updated && <p className="mt-4 text-sm text-white/60">{content.updated}</p>}
        {heroAction && <div className="mt-8 flex justify-center">{heroAction}</div>}
      </PageHero>
      <div className={cn('mx-auto px-4 py-16 sm:px-6 lg:px-8', prose ? 'max-w-3xl' : 'max-w-7xl')}>
        {content.sections.map((section, index) => (
          <section
            key={section.title}
            id={section.id}
            aria-labelledby={`section-${index}`}
            className={cn('scroll-mt-24', index > 0 && (prose ? 'mt-10' : 'mt-16'))}
          >
            <h2
              id={`section-${index}`}
              className={cn('font-semibold tracking-tight', prose ? 'text-xl' : 'text-2xl sm:text-3xl')}
            >
              {section.title}
            </h2>
            <SectionBody section={section} prose={prose} />
            {section.id && sectionContent?.[section.id]}
          </section>
        ))}
        {children}
      </div>
      {content.cta && (
        <section aria-labelledby="page-cta" className="pb-20">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="hero-backdrop flex flex-col items-start gap-6 rounded-3xl bg-[#0a0f1f] p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between">
              <div>
                <h2 id="page-cta" className="text-2xl font-semibold tracking-tight sm:text-3xl">
                  {content.cta.title}
                </h2>
                <p className="mt-3 max-w-xl text-white/75">{content.cta.text}</p>
              </div>
              {/* A long label wraps on a phone (Spanish: "Contactar con soporte para empresas"). */}
              <Button asChild size="lg" className="h-auto! min-h-12 max-w-full py-3 whitespace-normal!">
                <Link to={content.cta.to ?? '/signup'}>
                  {content.cta.button}
                  <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </div>
        </section>
      )}
    </PublicLayout>
  );
}
