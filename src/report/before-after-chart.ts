import type { CaseSummary } from '../eval/eval-report.js';
import { escapeHtml } from './escape-html.js';

/** Options for {@link beforeAfterChart}. */
export interface BeforeAfterChartOptions {
  title: string;
  /** @default 720 */
  width?: number;
}

const LABEL_WIDTH = 300;
const BAR_HEIGHT = 14;
const GROUP_HEIGHT = 44;
const COLORS = { before: '#9aa5b1', after: '#2f9e6b' } as const;

/**
 * Pass rates per eval case, a "before" bar over an "after" bar, each with its 95% interval as a
 * whisker, on a 0 to 1 scale.
 */
export function beforeAfterChart(
  summaries: readonly CaseSummary[],
  options: BeforeAfterChartOptions,
): string {
  const { title, width = 720 } = options;
  const caseIds = [...new Set(summaries.map((summary) => summary.caseId))];
  const plotWidth = width - LABEL_WIDTH - 50;
  const top = 28;
  const height = top + caseIds.length * GROUP_HEIGHT + 26;
  const xOf = (rate: number) => LABEL_WIDTH + rate * plotWidth;
  const parts: string[] = [];
  (['before', 'after'] as const).forEach((variant, index) => {
    const x = LABEL_WIDTH + index * 90;
    parts.push(
      `<rect x="${x}" y="6" width="12" height="12" rx="2" fill="${COLORS[variant]}"/>`,
      `<text x="${x + 16}" y="16" class="legend">${variant}</text>`,
    );
  });
  caseIds.forEach((caseId, row) => {
    const y = top + row * GROUP_HEIGHT;
    const mine = summaries.filter((summary) => summary.caseId === caseId);
    parts.push(
      `<text x="${LABEL_WIDTH - 8}" y="${y + BAR_HEIGHT + 4}" text-anchor="end" class="label">${escapeHtml(mine[0]?.title ?? caseId)}</text>`,
    );
    (['before', 'after'] as const).forEach((variant, index) => {
      const summary = mine.find((candidate) => candidate.variant === variant);
      if (summary === undefined || summary.rate === null) return;
      const barY = y + index * (BAR_HEIGHT + 4);
      const { low, high } = summary.interval;
      parts.push(
        `<rect x="${LABEL_WIDTH}" y="${barY}" width="${(summary.rate * plotWidth).toFixed(1)}" height="${BAR_HEIGHT}" fill="${COLORS[variant]}"><title>${escapeHtml(`${variant}: ${summary.passed}/${summary.trials} passed, 95% CI ${low.toFixed(2)}-${high.toFixed(2)}`)}</title></rect>`,
        `<line x1="${xOf(low).toFixed(1)}" x2="${xOf(high).toFixed(1)}" y1="${barY + BAR_HEIGHT / 2}" y2="${barY + BAR_HEIGHT / 2}" class="whisker"/>`,
        `<line x1="${xOf(low).toFixed(1)}" x2="${xOf(low).toFixed(1)}" y1="${barY + 3}" y2="${barY + BAR_HEIGHT - 3}" class="whisker"/>`,
        `<line x1="${xOf(high).toFixed(1)}" x2="${xOf(high).toFixed(1)}" y1="${barY + 3}" y2="${barY + BAR_HEIGHT - 3}" class="whisker"/>`,
        `<text x="${(xOf(high) + 6).toFixed(1)}" y="${barY + BAR_HEIGHT - 3}" class="value">${summary.rate.toFixed(2)}</text>`,
      );
    });
  });
  const axisY = top + caseIds.length * GROUP_HEIGHT;
  parts.push(
    `<line x1="${LABEL_WIDTH}" x2="${LABEL_WIDTH + plotWidth}" y1="${axisY}" y2="${axisY}" class="axis"/>`,
  );
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<text x="${xOf(tick).toFixed(1)}" y="${axisY + 16}" text-anchor="middle" class="tick">${tick}</text>`,
    );
  }
  return `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="100%" preserveAspectRatio="xMinYMin meet">${parts.join('')}</svg>`;
}
