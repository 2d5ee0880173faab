import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/** Every public page: the navigation bar, the page, the footer. A #hash in the address scrolls to its section. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) {
      target.scrollIntoView({ block: 'start' });
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
  }, [hash]);
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** The dark band at the top of a public page, under the transparent navigation bar. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="hero-backdrop relative overflow-hidden bg-[#0a0f1f] pt-32 pb-16 text-white sm:pt-36 sm:pb-20">
      <div className="relative mx-auto max-w-4xl px-4 text-center sm:px-6">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-indigo-300 uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {lead && <p className="mx-auto mt-5 max-w-2xl text-lg text-balance text-white/75">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

/** A section of a public page with its heading. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  className,
  muted = false,
}: {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
  muted?: boolean;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-20 py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:py-20 ${muted ? 'bg-surface-muted/60' : ''} ${className ?? ''}`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          {eyebrow && (
            <p className="text-sm font-semibold tracking-wide text-brand-text uppercase">{eyebrow}</p>
          )}
          <h2 id={headingId} className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {lead && <p className="mt-4 text-lg text-balance text-muted">{lead}</p>}
        </div>
        {children && <div className="mt-12">{children}</div>}
      </div>
    </section>
  );
}
