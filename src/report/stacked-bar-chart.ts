import { truncate } from '../util/truncate.js';
import { escapeHtml } from './escape-html.js';

/** One bar: a label and its segments, in legend order. */
export interface StackedBar {
  label: string;
  segments: Record<string, number>;
}

/** Options for {@link stackedBarChart}. */
export interface StackedBarChartOptions {
  /** The segment keys in legend order, each with its colour. */
  keys: ReadonlyArray<{ key: string; color: string }>;
  /** Accessible name of the chart. */
  title: string;
  /** @default 640 */
  width?: number;
}

const ROW_HEIGHT = 26;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 48;

/**
 * A horizontal stacked bar chart as inline SVG, drawn on the server so the page needs no
 * script or network. Each segment has a tooltip with its exact count.
 */
export function stackedBarChart(bars: readonly StackedBar[], options: StackedBarChartOptions): string {
  const { keys, title, width = 640 } = options;
  const legendHeight = 28;
  const height = legendHeight + bars.length * ROW_HEIGHT + 6;
  const plotWidth = width - LABEL_WIDTH - VALUE_WIDTH;
  const totals = bars.map((bar) => Object.values(bar.segments).reduce((sum, value) => sum + value, 0));
  const max = Math.max(1, ...totals);
  const parts: string[] = [];
  let legendX = LABEL_WIDTH;
  for (const { key, color } of keys) {
    parts.push(
      `<rect x="${legendX}" y="6" width="12" height="12" rx="2" fill="${color}"/>`,
      `<text x="${legendX + 16}" y="16" class="legend">${escapeHtml(key)}</text>`,
    );
    legendX += 24 + key.length * 7.2;
  }
  bars.forEach((bar, index) => {
    const y = legendHeight + index * ROW_HEIGHT;
    parts.push(
      `<text x="${LABEL_WIDTH - 8}" y="${y + 17}" text-anchor="end" class="label">${escapeHtml(truncate(bar.label, 23))}<title>${escapeHtml(bar.label)}</title></text>`,
    );
    let x = LABEL_WIDTH;
    for (const { key, color } of keys) {
      const value = bar.segments[key] ?? 0;
      if (value <= 0) continue;
      const segmentWidth = (value / max) * plotWidth;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y + 4}" width="${segmentWidth.toFixed(1)}" height="${ROW_HEIGHT - 8}" fill="${color}"><title>${escapeHtml(`${bar.label} · ${key}: ${value}`)}</title></rect>`,
      );
      x += segmentWidth;
    }
    parts.push(`<text x="${(x + 6).toFixed(1)}" y="${y + 17}" class="value">${totals[index]}</text>`);
  });
  return `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="100%" preserveAspectRatio="xMinYMin meet">${parts.join('')}</svg>`;
}
