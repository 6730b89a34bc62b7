import { escapeHtml } from './escape-html.js';

/** Options for {@link timelineChart}. */
export interface TimelineChartOptions {
  title: string;
  color: string;
  /** @default 640 */
  width?: number;
}

const LANE_HEIGHT = 30;
const LABEL_WIDTH = 170;
const AXIS_HEIGHT = 34;

/**
 * Points in time on one lane per series, as inline SVG: here, breaker openings per service.
 * The axis runs from the first to the last point, with five labelled ticks in UTC.
 */
export function timelineChart(
  points: ReadonlyArray<{ time: number; series: string }>,
  options: TimelineChartOptions,
): string {
  const { title, color, width = 640 } = options;
  const series = [...new Set(points.map((point) => point.series))].sort();
  const plotWidth = width - LABEL_WIDTH - 20;
  const first = Math.min(...points.map((point) => point.time));
  const last = Math.max(...points.map((point) => point.time));
  const span = Math.max(1, last - first);
  const height = series.length * LANE_HEIGHT + AXIS_HEIGHT;
  const xOf = (time: number) => LABEL_WIDTH + ((time - first) / span) * plotWidth;
  const parts: string[] = [];
  series.forEach((name, index) => {
    const y = index * LANE_HEIGHT + LANE_HEIGHT / 2;
    parts.push(
      `<text x="${LABEL_WIDTH - 8}" y="${y + 4}" text-anchor="end" class="label">${escapeHtml(name)}</text>`,
      `<line x1="${LABEL_WIDTH}" x2="${LABEL_WIDTH + plotWidth}" y1="${y}" y2="${y}" class="lane"/>`,
    );
    for (const point of points.filter((candidate) => candidate.series === name)) {
      parts.push(
        `<circle cx="${xOf(point.time).toFixed(1)}" cy="${y}" r="6" fill="${color}" fill-opacity="0.8"><title>${escapeHtml(`${name} opened at ${new Date(point.time).toISOString()}`)}</title></circle>`,
      );
    }
  });
  const axisY = series.length * LANE_HEIGHT + 4;
  parts.push(
    `<line x1="${LABEL_WIDTH}" x2="${LABEL_WIDTH + plotWidth}" y1="${axisY}" y2="${axisY}" class="axis"/>`,
  );
  for (let tick = 0; tick <= 4; tick++) {
    const time = first + (span * tick) / 4;
    const x = xOf(time);
    const anchor = tick === 0 ? 'start' : tick === 4 ? 'end' : 'middle';
    parts.push(
      `<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${axisY}" y2="${axisY + 5}" class="axis"/>`,
      `<text x="${x.toFixed(1)}" y="${axisY + 18}" text-anchor="${anchor}" class="tick">${formatTime(time, span)}</text>`,
    );
  }
  return `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="100%" preserveAspectRatio="xMinYMin meet">${parts.join('')}</svg>`;
}

function formatTime(time: number, span: number): string {
  const iso = new Date(time).toISOString();
  return span > 36 * 3_600_000 ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : `${iso.slice(11, 16)} UTC`;
}
