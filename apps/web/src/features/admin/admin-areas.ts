import type { LucideIcon } from 'lucide-react';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  BookOpen,
  FileClock,
  HandCoins,
  Inbox,
  LayoutDashboard,
  Layers,
  Megaphone,
  MessageCircleQuestion,
  Scale,
  Settings,
  ShieldCheck,
  Undo2,
  IdCard,
  Users,
  Wallet,
} from 'lucide-react';
import type { AdminRole } from '@app/shared/constants';

/**
 * The areas of the back office, in the navigation's order, with the roles that see them (decision
 * 120). The server checks every route's role on its own; this only keeps out of sight what a role may
 * not open. Superadmin sees everything.
 */
export interface AdminArea {
  key:
    | 'overview'
    | 'deposits'
    | 'withdrawals'
    | 'loanApplications'
    | 'refunds'
    | 'corrections'
    | 'kyc'
    | 'members'
    | 'plans'
    | 'loanPlans'
    | 'settings'
    | 'helpArticles'
    | 'faqs'
    | 'helpInbox'
    | 'announcements'
    | 'auditLog'
    | 'reconciliation'
    | 'admins';
  path: string;
  icon: LucideIcon;
  /** Besides superadmin. */
  roles: readonly AdminRole[];
  group: 'work' | 'catalogue' | 'help' | 'control';
}

export const ADMIN_AREAS: readonly AdminArea[] = [
  { key: 'overview', path: '/admin', icon: LayoutDashboard, roles: ['finance', 'support'], group: 'work' },
  { key: 'deposits', path: '/admin/deposits', icon: ArrowDownToLine, roles: ['finance'], group: 'work' },
  {
    key: 'withdrawals',
    path: '/admin/withdrawals',
    icon: ArrowUpFromLine,
    roles: ['finance'],
    group: 'work',
  },
  {
    key: 'loanApplications',
    path: '/admin/loan-applications',
    icon: HandCoins,
    roles: ['finance'],
    group: 'work',
  },
  { key: 'refunds', path: '/admin/refunds', icon: Undo2, roles: ['finance'], group: 'work' },
  {
    key: 'corrections',
    path: '/admin/corrections',
    icon: ArrowLeftRight,
    roles: ['finance'],
    group: 'work',
  },
  { key: 'kyc', path: '/admin/kyc', icon: IdCard, roles: ['support'], group: 'work' },
  { key: 'members', path: '/admin/members', icon: Users, roles: ['finance', 'support'], group: 'work' },
  { key: 'plans', path: '/admin/plans', icon: Layers, roles: ['finance'], group: 'catalogue' },
  { key: 'loanPlans', path: '/admin/loan-plans', icon: Wallet, roles: ['finance'], group: 'catalogue' },
  { key: 'settings', path: '/admin/settings', icon: Settings, roles: [], group: 'catalogue' },
  { key: 'helpArticles', path: '/admin/help/articles', icon: BookOpen, roles: ['support'], group: 'help' },
  { key: 'faqs', path: '/admin/help/faqs', icon: MessageCircleQuestion, roles: ['support'], group: 'help' },
  { key: 'helpInbox', path: '/admin/help/inbox', icon: Inbox, roles: ['support'], group: 'help' },
  {
    key: 'announcements',
    path: '/admin/announcements',
    icon: Megaphone,
    roles: ['support'],
    group: 'help',
  },
  { key: 'auditLog', path: '/admin/audit-log', icon: FileClock, roles: [], group: 'control' },
  { key: 'reconciliation', path: '/admin/reconciliation', icon: Scale, roles: ['finance'], group: 'control' },
  { key: 'admins', path: '/admin/admins', icon: ShieldCheck, roles: [], group: 'control' },
];

export const ADMIN_AREA_GROUPS = ['work', 'catalogue', 'help', 'control'] as const;

/** The areas a role sees (superadmin: all). */
export function areasFor(role: AdminRole | undefined): AdminArea[] {
  if (!role) return [];
  return ADMIN_AREAS.filter((area) => role === 'superadmin' || area.roles.includes(role));
}
