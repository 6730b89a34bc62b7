import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReportCommand } from '../../src/cli/report-command.js';
import { memoryIo } from '../eval/memory-io.js';

const directory = mkdtempSync(join(tmpdir(), 'toolbound-report-'));

describe('toolbound report', () => {
  it('skips and counts bad lines, and writes a page with the good ones', async () => {
    const events = join(directory, 'events.jsonl');
    writeFileSync(
      events,
      [
        '{"type":"tool.failed","time":1,"runId":"r","tool":"search_orders","toolCallId":"c1","outcomeClass":"correctable","error":"invalid_date","durationMs":3,"attempts":1}',
        'not json',
        '',
        '{"no":"type"}',
        '{"type":"tool.message_leaked","time":2,"runId":"r","tool":"<script>alert(1)</script>","toolCallId":"c2","field":"message","rule":"sql"}',
      ].join('\n'),
    );
    const output = join(directory, 'report.html');
    const { io, stderr } = memoryIo();
    expect(await runReportCommand([events, '-o', output], io)).toBe(0);
    expect(stderr()).toContain('skipped 2 line(s) that are not events (line 2, 4)');
    const html = readFileSync(output, 'utf8');
    expect(html).toContain('data-testid="failures-search_orders-correctable">1<');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('says clearly when the file is missing, the eval file is wrong, or a flag is unknown', async () => {
    let run = memoryIo();
    expect(await runReportCommand([join(directory, 'missing.jsonl')], run.io)).toBe(1);
    expect(run.stderr()).toMatch(/cannot read .*missing\.jsonl: there is no file at ".*missing\.jsonl"/);

    const notEval = join(directory, 'not-eval.json');
    writeFileSync(notEval, '{"hello":1}');
    run = memoryIo();
    expect(await runReportCommand(['--eval', notEval, '-o', join(directory, 'x.html')], run.io)).toBe(1);
    expect(run.stderr()).toContain('not a results file written by toolbound eval --json');

    // an events file given to --eval: say so, not a raw JSON.parse error
    const events = join(directory, 'events.jsonl');
    writeFileSync(events, '{"type":"tool.failed","time":1}\n{"type":"tool.failed","time":2}\n');
    run = memoryIo();
    expect(await runReportCommand(['--eval', events, '-o', join(directory, 'y.html')], run.io)).toBe(1);
    expect(run.stderr()).toContain('it looks like an events file; give it as the first argument');
    expect(run.stderr()).not.toMatch(/Unexpected|position \d/);

    // a missing output directory is named, not "no such file"
    run = memoryIo();
    const missingDirectory = join(directory, 'missing', 'dir');
    expect(await runReportCommand([events, '-o', join(missingDirectory, 'x.html')], run.io)).toBe(1);
    expect(run.stderr()).toContain(`the directory ${JSON.stringify(missingDirectory)} does not exist`);

    run = memoryIo();
    expect(await runReportCommand(['--colour', 'red'], run.io)).toBe(2);
    expect(run.stderr()).toContain("Unknown option '--colour'");

    run = memoryIo();
    expect(await runReportCommand([], run.io)).toBe(2);
  });
});
