import type { TextProps } from 'recharts';

/**
 * The tick labels of a chart's value axis (amounts, percentages), on every chart. Recharts anchors a
 * right-hand axis' labels at their `start` and a left-hand one's at their `end`, and SVG reads those
 * in the text's direction: under the page's `dir="rtl"` a label's start is its right edge, so the
 * labels of the axis on the right (Arabic) would run left, over the plot. Laid out left to right, each
 * label runs away from the plot on either side. The figures read the same (Western digits, and the
 * bidi marks Intl puts around them keep their order).
 */
export const VALUE_AXIS_TICK: TextProps = { direction: 'ltr' };
