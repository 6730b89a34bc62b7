import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ToolboundEvent } from '../observe/events.js';

/** The events of a JSONL file, and how many lines could not be read. */
export interface EventsFile {
  events: ToolboundEvent[];
  /** Lines that were not JSON, or not an object with a string `type`. Blank lines are not counted. */
  skippedLines: number;
  /** The 1-based numbers of the first few skipped lines, for the error message. */
  skippedLineNumbers: number[];
}

/**
 * Reads an events file written by `createJsonlSink` (or by any logger that writes one event per
 * line), line by line, so large files stream. Bad lines are skipped and counted, not fatal: a
 * file cut off by a crash still reports. Rejects only when the file cannot be opened.
 */
export async function readEventsFile(path: string): Promise<EventsFile> {
  const stream = createReadStream(path, { encoding: 'utf8' });
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  await opened;
  const result: EventsFile = { events: [], skippedLines: 0, skippedLineNumbers: [] };
  let lineNumber = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    lineNumber++;
    addLine(result, line, lineNumber);
  }
  return result;
}

/** The same as {@link readEventsFile}, for text already in memory. */
export function parseEventLines(text: string): EventsFile {
  const result: EventsFile = { events: [], skippedLines: 0, skippedLineNumbers: [] };
  text.split(/\r?\n/).forEach((line, index) => {
    addLine(result, line, index + 1);
  });
  return result;
}

function addLine(result: EventsFile, line: string, lineNumber: number): void {
  if (line.trim() === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = undefined;
  }
  // A logger line carries the event's type under `type` too; anything else is not an event.
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    typeof (parsed as { type?: unknown }).type === 'string'
  ) {
    result.events.push(parsed as ToolboundEvent);
    return;
  }
  result.skippedLines++;
  if (result.skippedLineNumbers.length < 5) result.skippedLineNumbers.push(lineNumber);
}
