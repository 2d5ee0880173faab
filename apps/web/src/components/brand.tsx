import { Link } from 'react-router';
import { useFrontSettings } from '#lib/front-settings';
import { cn } from '#lib/cn';

/** The site's mark and name (from the front settings), linking home. */
export function Brand({ to = '/', className }: { to?: string; className?: string }) {
  const { sitename, logo } = useFrontSettings();
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 font-semibold text-fg', className)}>
      {logo ? (
        <img src={logo} alt="" width={32} height={32} className="size-8 rounded-lg object-contain" />
      ) : (
        <BrandMark className="size-8" />
      )}
      <span className="text-[17px] tracking-tight">{sitename}</span>
    </Link>
  );
}

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <path d="M9 20.5 16 8l7 12.5-7 3.5-7-3.5Z" fill="#fff" opacity=".92" />
      <path d="m9 20.5 7 3.5 7-3.5" fill="none" stroke="#c7d2fe" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
