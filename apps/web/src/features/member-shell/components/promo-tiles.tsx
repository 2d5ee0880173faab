import type { ReactNode } from 'react';
import { ArrowRight, Gift, PiggyBank, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '#lib/cn';

/** Where the deposit tile leads: the shell's Make Deposit modal, opened by this query parameter. */
export const MAKE_DEPOSIT_SEARCH = '?make-deposit=1';

const TILE =
  'group flex h-full w-full items-start gap-3 rounded-2xl border border-line bg-surface p-4 text-start shadow-xs ' +
  'transition-colors hover:border-brand/40 hover:bg-brand-soft/30 focus-visible:ring-3 focus-visible:ring-brand/30 focus-visible:outline-none sm:p-5';

function TileBody({ icon, title, lead }: { icon: ReactNode; title: string; lead: string }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1 font-semibold text-fg">
          {title}
          <ArrowRight
            className="size-4 transition-transform group-hover:translate-x-0.5 rtl:rotate-180"
            aria-hidden="true"
          />
        </span>
        <span className="mt-0.5 block text-sm text-muted">{lead}</span>
      </span>
    </>
  );
}

/**
 * The dashboard's promo tiles (spec §2): make a deposit (opens the shell's deposit modal), invest
 * (the plan table below) and invite friends (the Invite Friends modal).
 */
export function PromoTiles({ onInvite }: { onInvite: () => void }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('promos.label')} className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
      <li>
        <Link to={{ search: MAKE_DEPOSIT_SEARCH }} className={TILE}>
          <TileBody
            icon={<PiggyBank className="size-5" aria-hidden="true" />}
            title={t('promos.depositTitle')}
            lead={t('promos.depositLead')}
          />
        </Link>
      </li>
      <li>
        <a href="#dashboard-plans" className={TILE}>
          <TileBody
            icon={<TrendingUp className="size-5" aria-hidden="true" />}
            title={t('promos.investTitle')}
            lead={t('promos.investLead')}
          />
        </a>
      </li>
      <li>
        <button
          type="button"
          onClick={onInvite}
          aria-haspopup="dialog"
          className={cn(TILE, 'cursor-pointer')}
        >
          <TileBody
            icon={<Gift className="size-5" aria-hidden="true" />}
            title={t('promos.inviteTitle')}
            lead={t('promos.inviteLead')}
          />
        </button>
      </li>
    </ul>
  );
}
