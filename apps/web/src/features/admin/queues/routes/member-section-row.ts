import type { TFunction } from 'i18next';
import { describeActivity, type DescribableActivity } from '@app/shared/activity-text';
import type { MemberSection } from '@app/shared/schemas/admin-members';

/** A member-page history row as its list shows it: when, what (in the reader's words), and a figure. */
export interface SectionRowText {
  when: string;
  title: string;
  detail: string;
}

interface Formatters {
  t: TFunction;
  money: (amount: number) => string;
  date: (iso: string) => string;
  language: string;
}

type Row = Record<string, unknown>;
const text = (row: Row, key: string) => (typeof row[key] === 'string' ? row[key] : '');
const amount = (row: Row, key: string) => (typeof row[key] === 'number' ? row[key] : 0);
const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/**
 * Each section's row in words: statuses, methods, session kinds and security events through the
 * locale files (the API sends codes), an Activity row through the shared describer (as the member's
 * own Activity reads it), a notification by its title.
 */
export function describeSectionRow(section: MemberSection, row: Row, f: Formatters): SectionRowText {
  const { t, money, date } = f;
  switch (section) {
    case 'plans':
      return {
        when: date(text(row, 'starts_at')),
        title: joined(text(row, 'plan_name'), t(`investing.userPlanStatus.${text(row, 'status')}`)),
        detail: money(amount(row, 'amount')),
      };
    case 'loans':
      return {
        when: date(text(row, 'disbursed_at')),
        title: joined(text(row, 'plan_name'), t(`loans.loanStatus.${text(row, 'status')}`)),
        detail: money(amount(row, 'principal')),
      };
    case 'goals':
      return {
        when: date(text(row, 'created_at')),
        title: joined(text(row, 'name'), t(`goals.status.${text(row, 'status')}`)),
        detail: money(amount(row, 'invested')),
      };
    case 'deposits':
      return {
        when: date(text(row, 'created_at')),
        title: joined(
          text(row, 'reference'),
          t(`deposits.methods.${text(row, 'payment_method')}`),
          t(`deposits.status.${text(row, 'status')}`),
        ),
        detail: money(amount(row, 'amount')),
      };
    case 'withdrawals':
      return {
        when: date(text(row, 'created_at')),
        title: joined(
          t(`withdrawals.methods.${text(row, 'withdrawal_method')}`),
          t(`withdrawals.status.${text(row, 'status')}`),
        ),
        detail: money(amount(row, 'amount')),
      };
    case 'ledger':
      return {
        when: date(text(row, 'date')),
        title: describeActivity(row as unknown as DescribableActivity, f.language),
        detail: money(amount(row, 'amount')),
      };
    case 'sessions': {
      const ended = text(row, 'ended_at');
      return {
        when: date(text(row, 'created_at')),
        title: joined(
          t(`adminQueues.members.sessionKinds.${text(row, 'kind')}`),
          ended
            ? t('adminQueues.members.sessionEnded', { date: date(ended) })
            : t('adminQueues.members.sessionOpen'),
          text(row, 'user_agent'),
        ),
        detail: text(row, 'ip'),
      };
    }
    case 'security-events': {
      const action = text(row, 'action');
      return {
        when: date(text(row, 'created_at')),
        title: t(`adminQueues.members.events.${action.replaceAll('.', '_')}`, { defaultValue: action }),
        detail: text(row, 'ip'),
      };
    }
    case 'notifications':
      return { when: date(text(row, 'created_at')), title: text(row, 'title'), detail: '' };
  }
}
