import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { HelpFaq } from '@app/shared/schemas/help';
import { cn } from '#lib/cn';
import { useHelpLanguage } from '../api/help-content';
import { ShownInEnglish } from './shown-in-english';

/** The FAQ accordion (spec §2): one answer open at a time; each question is a button with aria-expanded. */
export function FaqAccordion({ faqs }: { faqs: HelpFaq[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const language = useHelpLanguage();
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
      {faqs.map((faq) => {
        const expanded = open === faq.id;
        const buttonId = `${baseId}-q-${faq.id}`;
        const panelId = `${baseId}-a-${faq.id}`;
        // A question with no version in the reader's language comes in English (decision 164).
        const lang = faq.language === language ? undefined : faq.language;
        return (
          <li key={faq.id}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : faq.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-medium hover:bg-surface-muted/60"
              >
                <span className="flex flex-col gap-1">
                  <span lang={lang}>{faq.question}</span>
                  {lang && <ShownInEnglish />}
                </span>
                <ChevronDown
                  className={cn('size-5 shrink-0 text-muted transition-transform', expanded && 'rotate-180')}
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              lang={lang}
              className="px-5 pb-5 leading-relaxed text-muted"
            >
              {faq.answer}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
