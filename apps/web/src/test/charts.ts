import { onTestFinished, vi } from 'vitest';

/**
 * Gives Recharts' ResponsiveContainer a size in jsdom, until the test ends. jsdom lays nothing out
 * (every box is 0×0), so no chart would be drawn; only the container is measured, so the labels the
 * library sizes are not (a 600-pixel word would wrap every tick onto lines of its own).
 */
export function sizeCharts(width = 600, height = 240): void {
  // Every other box stays as jsdom has it: empty.
  const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const container = this.classList.contains('recharts-responsive-container');
    return DOMRect.fromRect(container ? { width, height } : {});
  });
  onTestFinished(() => spy.mockRestore());
}

/** Which way an SVG label runs from its x: `text-anchor` counts in the text's direction. */
function runs(text: Element): 'left' | 'right' | 'both' {
  const anchor = text.getAttribute('text-anchor') ?? 'start';
  if (anchor === 'middle') return 'both';
  const directed = text.closest('[direction], [dir]');
  const direction = directed?.getAttribute('direction') ?? directed?.getAttribute('dir') ?? 'ltr';
  return (anchor === 'start') === (direction === 'ltr') ? 'right' : 'left';
}

/**
 * A drawn chart's plot (its grid's left and right edges) and the labels of its value axis: the text,
 * where it is anchored and which way it runs from there. Whether a label covers the plot is then a
 * matter of those: jsdom measures no text, so no label has a width here.
 */
export function valueAxis(chart: HTMLElement) {
  const line = chart.querySelector('.recharts-cartesian-grid-horizontal line');
  const edges = [Number(line?.getAttribute('x1')), Number(line?.getAttribute('x2'))];
  const labels = [...chart.querySelectorAll('.recharts-yAxis-tick-labels text')].map((text) => ({
    text: text.textContent,
    x: Number(text.getAttribute('x')),
    runs: runs(text),
  }));
  return { plotLeft: Math.min(...edges), plotRight: Math.max(...edges), labels };
}

/** The labels of a drawn chart's time axis, as shown. */
export function timeAxisLabels(chart: HTMLElement): string[] {
  return [...chart.querySelectorAll('.recharts-xAxis-tick-labels text')].map((text) =>
    [...text.querySelectorAll('tspan')].map((line) => line.textContent).join(' '),
  );
}
