import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carefulModel } from '../../src/eval/careful-model.js';
import type { EvalReport } from '../../src/eval/eval-report.js';
import { runEval } from '../../src/eval/run-eval.js';
import { readEventsFile } from '../../src/report/read-events-file.js';
import { renderDashboard } from '../../src/report/render-dashboard.js';
import { summarizeEvents } from '../../src/report/summarize-events.js';

// The dashboard in a real headless Chromium (Debian's `chromium` package). Missing Chromium is a
// failure, not a skip: CI installs it with `apt-get install -y chromium`.
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const eventsPath = resolve(root, 'examples/sample-events.jsonl');
const artifacts = resolve(root, 'artifacts');

// Expected figures, counted straight from the file rather than through summarizeEvents.
const lines = readFileSync(eventsPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Record<string, string | number>);
const count = (predicate: (event: Record<string, string | number>) => boolean) =>
  lines.filter(predicate).length;

let browser: Browser;
let evalReport: EvalReport;
let pageUrl: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  evalReport = await runEval({
    model: ({ evalCase }) => carefulModel(evalCase),
    modelName: 'scripted careful model',
    trials: 10,
    now: () => new Date('2025-06-02T12:00:00.000Z'),
  });
  const file = await readEventsFile(eventsPath);
  const html = renderDashboard({
    events: summarizeEvents(file.events),
    eventsSource: 'examples/sample-events.jsonl',
    eval: evalReport,
    generatedAt: new Date('2025-06-02T12:00:00.000Z'),
  });
  mkdirSync(artifacts, { recursive: true });
  const htmlPath = resolve(artifacts, 'dashboard.html');
  writeFileSync(htmlPath, html);
  pageUrl = pathToFileURL(htmlPath).href;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the dashboard in headless Chromium', () => {
  it('shows the numbers of the events file, draws its charts, loads nothing remote, and is screenshotted', async () => {
    const page = await browser.newPage({ viewport: { width: 1180, height: 900 }, deviceScaleFactor: 1 });
    const remote: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      remote.push(url);
      return route.abort();
    });
    await page.goto(pageUrl);
    const text = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim();

    expect(await text('total-calls')).toBe(
      String(count((e) => e.type === 'tool.succeeded' || e.type === 'tool.failed')),
    );
    expect(await text('total-failures')).toBe(String(count((e) => e.type === 'tool.failed')));
    expect(await text('total-repeated')).toBe(String(count((e) => e.type === 'tool.repeated_failure')));
    expect(await text('total-leaks')).toBe(String(count((e) => e.type === 'tool.message_leaked')));
    expect(await text('total-breaker-openings')).toBe(String(count((e) => e.type === 'breaker.opened')));
    expect(await text('total-run-halts')).toBe(String(count((e) => e.type === 'run.halted')));

    const failed = lines.filter((e) => e.type === 'tool.failed');
    const failedPairs = new Set(failed.map((e) => `${e.tool}|${e.outcomeClass}`));
    expect(failedPairs.size).toBeGreaterThan(3);
    for (const pair of failedPairs) {
      const [tool, outcomeClass] = pair.split('|') as [string, string];
      expect(await text(`failures-${tool}-${outcomeClass}`), pair).toBe(
        String(count((e) => e.type === 'tool.failed' && e.tool === tool && e.outcomeClass === outcomeClass)),
      );
    }
    for (const tool of new Set(failed.map((e) => e.tool)))
      expect(await text(`failures-${tool}-total`)).toBe(
        String(count((e) => e.type === 'tool.failed' && e.tool === tool)),
      );

    const repeated = lines.filter((e) => e.type === 'tool.repeated_failure');
    for (const tool of new Set(repeated.map((e) => e.tool)))
      expect(await text(`repeated-${tool}`)).toBe(String(repeated.filter((e) => e.tool === tool).length));
    const pairCounts = new Map<string, number>();
    for (const e of repeated)
      pairCounts.set(`${e.tool}|${e.error}`, (pairCounts.get(`${e.tool}|${e.error}`) ?? 0) + 1);
    const [topPair, topCount] = [...pairCounts].sort((left, right) => right[1] - left[1])[0] ?? ['', 0];
    expect(`${await text('repeated-pair-1-tool')}|${await text('repeated-pair-1-error')}`).toBe(topPair);
    expect(await text('repeated-pair-1-count')).toBe(String(topCount));

    const leaks = lines.filter((e) => e.type === 'tool.message_leaked');
    for (const pair of new Set(leaks.map((e) => `${e.tool}|${e.rule}`))) {
      const [tool, rule] = pair.split('|') as [string, string];
      expect(await text(`leaks-${tool}-${rule}`)).toBe(
        String(leaks.filter((e) => e.tool === tool && e.rule === rule).length),
      );
    }
    const openings = lines.filter((e) => e.type === 'breaker.opened');
    for (const service of new Set(openings.map((e) => e.service)))
      expect(await text(`breaker-${service}`)).toBe(
        String(openings.filter((e) => e.service === service).length),
      );

    for (const summary of evalReport.summaries)
      expect(await text(`eval-${summary.caseId}-${summary.variant}`)).toBe(summary.rate?.toFixed(2));

    // drawn, not just tabled: every chart is an SVG with marks in it
    const charts = page.locator('svg[role="img"]');
    expect(await charts.count()).toBe(5);
    for (let index = 0; index < 5; index++)
      expect(await charts.nth(index).locator('rect, circle').count()).toBeGreaterThan(0);
    expect(await page.locator('script[src], link[rel="stylesheet"], img[src^="http"]').count()).toBe(0);
    expect(remote).toEqual([]);

    const screenshot = await page.screenshot({ fullPage: true });
    writeFileSync(resolve(artifacts, 'dashboard.png'), screenshot);
    // the README's copy is refreshed on request only, so a test run leaves the work tree clean
    if (process.env['UPDATE_README_SCREENSHOT'] === '1') {
      mkdirSync(resolve(root, 'docs'), { recursive: true });
      writeFileSync(resolve(root, 'docs/dashboard.png'), screenshot);
    }
    expect(screenshot.length).toBeGreaterThan(10_000);
    await page.close();
  });
});
