/** The style of a Recharts tooltip on every chart: the theme's surface, line and text colours. */
export const TOOLTIP_STYLE = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-line)',
  borderRadius: 8,
  color: 'var(--color-fg)',
};
