import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';

/** The heading area of a back-office content screen: an optional way back, the title, actions. */
export function ContentPageHeader({
  title,
  back,
  actions,
  lead,
}: {
  title: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  lead?: ReactNode;
}) {
  return (
    <div className="mb-6 space-y-2">
      {back && (
        <Link
          to={back.to}
          className="inline-flex items-center gap-1.5 text-sm text-brand-text underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {lead && <p className="max-w-3xl text-sm text-muted">{lead}</p>}
    </div>
  );
}
