import { Activity, ChartPie, Compass, LayoutDashboard, Target, type LucideIcon } from 'lucide-react';

/** Member navigation (spec §2): label key, path and icon. */
export const NAV_ITEMS: { key: string; to: string; Icon: LucideIcon }[] = [
  { key: 'shell.nav.overview', to: '/dashboard', Icon: LayoutDashboard },
  { key: 'shell.nav.myGoals', to: '/my-goals', Icon: Target },
  { key: 'shell.nav.myPortfolio', to: '/my-portfolio', Icon: ChartPie },
  { key: 'shell.nav.explore', to: '/explore', Icon: Compass },
  { key: 'shell.nav.activity', to: '/activity', Icon: Activity },
];
