import type { CaseSummary, EvalReport } from './eval-report.js';

/**
 * The report as a plain-text table, one row per case and one column per variant: the pass rate,
 * its 95% interval and the scored trials. Rows of an interrupted run cover finished trials only.
 * @example
 * Case                                 Before              After
 * Correctable retried with the fix     0.00 [0.00-0.28]    1.00 [0.72-1.00]   n=10
 */
export function formatEvalTable(report: EvalReport): string {
  const caseIds = [...new Set(report.summaries.map((summary) => summary.caseId))];
  const header = ['Case', ...report.variants.map(capitalize), 'n'];
  const rows = caseIds.map((caseId) => {
    const cells = report.variants.map((variant) =>
      cell(report.summaries.find((summary) => summary.caseId === caseId && summary.variant === variant)),
    );
    const mine = report.summaries.filter((summary) => summary.caseId === caseId);
    const title = mine[0]?.title ?? caseId;
    const counts = [...new Set(mine.map((summary) => summary.trials))].join('/');
    const errors = mine.reduce((sum, summary) => sum + summary.errors, 0);
    return [title, ...cells, errors > 0 ? `${counts} (${errors} errors)` : counts];
  });
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((text, column) => text.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const notes = [
    `model: ${report.model}, ${report.trialsPerCase} trials per case and variant, 95% Wilson intervals`,
    ...(report.interrupted ? ['interrupted: the figures cover the trials that finished'] : []),
  ];
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    ...notes,
    '',
  ].join('\n');
}

function cell(summary: CaseSummary | undefined): string {
  if (summary === undefined || summary.rate === null) return '-';
  return `${summary.rate.toFixed(2)} [${summary.interval.low.toFixed(2)}-${summary.interval.high.toFixed(2)}]`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
