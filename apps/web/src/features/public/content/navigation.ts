/** The public site's navigation (spec §2): every link goes to a real page. Labels are locale keys. */
export interface NavLink {
  to: string;
  /** Key under site.links: `${key}.title` and `${key}.text`. */
  key: string;
}

export type MenuId = 'personal' | 'business' | 'markets' | 'company';

export const NAV_MENUS: Array<{ id: MenuId; links: NavLink[] }> = [
  {
    id: 'personal',
    links: [
      { to: '/personal#flexible', key: 'flexible' },
      { to: '/personal#fixed-term', key: 'fixedTerm' },
      { to: '/personal#dual-investment', key: 'dualInvestment' },
      { to: '/personal#manage-assets', key: 'manageAssets' },
      { to: '/plans', key: 'plans' },
    ],
  },
  {
    id: 'business',
    links: [
      { to: '/business', key: 'business' },
      { to: '/business-plans', key: 'businessPlans' },
      { to: '/business-support', key: 'businessSupport' },
    ],
  },
  { id: 'markets', links: [] },
  {
    id: 'company',
    links: [
      { to: '/about', key: 'about' },
      { to: '/careers', key: 'careers' },
      { to: '/help-center', key: 'helpCenter' },
    ],
  },
];

export const FOOTER_COLUMNS: Array<{ id: 'personal' | 'business' | 'company' | 'legal'; links: NavLink[] }> =
  [
    {
      id: 'personal',
      links: [
        { to: '/personal#flexible', key: 'flexible' },
        { to: '/personal#fixed-term', key: 'fixedTerm' },
        { to: '/personal#dual-investment', key: 'dualInvestment' },
        { to: '/plans', key: 'plans' },
      ],
    },
    {
      id: 'business',
      links: [
        { to: '/business', key: 'business' },
        { to: '/business-plans', key: 'businessPlans' },
        { to: '/business-support', key: 'businessSupport' },
      ],
    },
    {
      id: 'company',
      links: [
        { to: '/about', key: 'about' },
        { to: '/careers', key: 'careers' },
        { to: '/help-center', key: 'helpCenter' },
      ],
    },
    {
      id: 'legal',
      links: [
        { to: '/terms', key: 'terms' },
        { to: '/privacy', key: 'privacy' },
        { to: '/terms#risks', key: 'risks' },
      ],
    },
  ];
