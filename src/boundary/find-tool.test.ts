import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type Tool } from '../tool/define-tool.js';
import { findTool } from './find-tool.js';

const toolMap = (...names: string[]): ReadonlyMap<string, Tool> =>
  new Map(
    names.map((name) => [name, defineTool({ name, description: name, input: z.object({}), run: () => 1 })]),
  );

function miss(name: unknown, tools: ReadonlyMap<string, Tool>) {
  const found = findTool(name, tools);
  if (found.ok) throw new Error(`expected no tool for ${String(name)}`);
  return found.outcome;
}

describe('findTool', () => {
  it('finds a tool by its exact name', () => {
    const tools = toolMap('get_weather', 'find_customer');
    const found = findTool('get_weather', tools);
    expect(found.ok && found.tool.name).toBe('get_weather');
  });

  it('names the one clearly nearest tool and lists every available tool', () => {
    const outcome = miss('get_wether', toolMap('get_weather', 'find_customer', 'lookup_order'));
    expect(outcome).toMatchObject({ class: 'correctable', ok: false, error: 'unknown_tool' });
    expect(outcome.message).toBe(
      'There is no tool named "get_wether". The available tools are: get_weather, find_customer, lookup_order.',
    );
    expect(outcome.hint).toBe('Did you mean get_weather? Call it by that exact name.');
  });

  it('names no tool when two are equally near', () => {
    const outcome = miss('get_usex', toolMap('get_user', 'get_used'));
    expect(outcome.hint).not.toMatch(/Did you mean/);
    expect(outcome.message).toContain('get_user, get_used');
  });

  it('names no tool when nothing is near', () => {
    const outcome = miss('send_email', toolMap('get_weather', 'find_customer'));
    expect(outcome.hint).toBe('Call one of the available tools by its exact name.');
  });

  it('says so when there are no tools at all', () => {
    expect(miss('anything', toolMap()).message).toBe(
      'There is no tool named "anything", and no tools are available.',
    );
  });

  it('quotes a hostile name safely and briefly', () => {
    const outcome = miss(`evil"\n${'x'.repeat(500)}`, toolMap('get_weather'));
    expect(outcome.message).not.toContain('\n');
    expect(outcome.message).toContain('evil\\"\\n');
    expect(outcome.message.length).toBeLessThan(200);
  });

  it('treats a non-string name as unknown', () => {
    for (const name of [42, null, undefined, { name: 'get_weather' }])
      expect(miss(name, toolMap('get_weather')).error).toBe('unknown_tool');
  });

  it('lists at most twenty tools', () => {
    const names = Array.from({ length: 30 }, (_, index) => `tool_${index}`);
    const outcome = miss('zzz', toolMap(...names));
    expect(outcome.message).toContain('tool_19, …');
    expect(outcome.message).not.toContain('tool_20');
  });
});
