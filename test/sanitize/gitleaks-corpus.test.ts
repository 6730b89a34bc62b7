/**
 * Recall and false positives on ground truth nobody on this project wrote: the corpus derived from
 * gitleaks' rule tests (MIT, see ../shared/corpora/gitleaks-derived/LICENSE-gitleaks). It lives
 * outside the repository; a clone without it skips this file and says why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { correctable, createDispatcher, defineTool, silentLogger } from '../../src/index.js';

const CORPUS_PATH = new URL('../../../shared/corpora/gitleaks-derived/corpus.json', import.meta.url);
const present = existsSync(CORPUS_PATH);
if (!present) {
  console.warn(
    `gitleaks-derived corpus not found at ${CORPUS_PATH.pathname}; skipping its recall test (it is kept outside the repository, in ../shared/corpora).`,
  );
}

interface CorpusLeak {
  rule: string;
  origin: 'literal' | 'generated' | 'synthesized';
  text: string;
  secret: string;
}

interface CorpusBenign {
  rule: string;
  text: string;
}

const MINIMUM_RECALL = 0.97;
const MAXIMUM_BENIGN_ALTERED = 0.1;

/** A leak is caught when its exact secret is nowhere in what the model reads, raw or JSON-escaped. */
function leaked(content: string, secret: string): boolean {
  return content.includes(secret) || content.includes(JSON.stringify(secret).slice(1, -1));
}

describe.skipIf(!present)('the gitleaks-derived corpus, through the dispatcher', () => {
  const corpus = present
    ? (JSON.parse(readFileSync(CORPUS_PATH, 'utf8')) as { leaks: CorpusLeak[]; benign: CorpusBenign[] })
    : { leaks: [], benign: [] };
  let current = '';
  const tools = [
    defineTool({
      name: 'throws_it',
      description: 'throws the line',
      input: z.object({}),
      run: async () => {
        throw new Error(current);
      },
    }),
    defineTool({
      name: 'returns_it',
      description: 'returns the line as data',
      input: z.object({}),
      run: async () => ({ detail: current }),
    }),
    defineTool({
      name: 'corrects_with_it',
      description: 'returns the line as a correctable message',
      input: z.object({}),
      run: async () => correctable({ error: 'bad_request', message: current }),
    }),
  ];
  const dispatcher = createDispatcher({ tools, logger: silentLogger });

  const measure = async (toolName: string) => {
    let caught = 0;
    let literal = 0;
    let literalCaught = 0;
    const missed: string[] = [];
    // lines whose redacted form the last pass still read as a leak, so the whole result went out
    // as a generic failure: the secret is safe, but the rest of the data is lost
    const withheld: string[] = [];
    for (const leak of corpus.leaks) {
      current = leak.text;
      const message = await dispatcher.dispatch({ id: 'c', name: toolName, arguments: {} });
      if (toolName === 'returns_it' && !message.content.includes('"data"')) withheld.push(leak.rule);
      const isCaught = !leaked(message.content, leak.secret);
      if (isCaught) caught += 1;
      else missed.push(`${leak.rule} (${leak.origin})`);
      if (leak.origin === 'literal') {
        literal += 1;
        if (isCaught) literalCaught += 1;
      }
    }
    return { recall: caught / corpus.leaks.length, literalRecall: literalCaught / literal, missed, withheld };
  };

  it.each(['throws_it', 'returns_it', 'corrects_with_it'])(
    `%s: recall >= ${MINIMUM_RECALL} over all leaks and over gitleaks' literal examples`,
    async (toolName) => {
      const { recall, literalRecall, missed, withheld } = await measure(toolName);
      console.log(
        `gitleaks corpus via ${toolName}: recall ${recall.toFixed(4)}, literal ${literalRecall.toFixed(4)}; missed ${missed.join(', ') || 'none'}`,
      );
      expect(recall).toBeGreaterThanOrEqual(MINIMUM_RECALL);
      expect(literalRecall).toBeGreaterThanOrEqual(MINIMUM_RECALL);
      expect(withheld).toEqual([]);
    },
    300_000,
  );

  it(`alters at most ${MAXIMUM_BENIGN_ALTERED} of the benign lines, as data or as a message`, async () => {
    let alteredAsData = 0;
    let alteredAsMessage = 0;
    for (const line of corpus.benign) {
      current = line.text;
      const data = await dispatcher.dispatch({ id: 'c', name: 'returns_it', arguments: {} });
      if ((JSON.parse(data.content) as { data?: { detail?: string } }).data?.detail !== line.text)
        alteredAsData += 1;
      const corrected = await dispatcher.dispatch({ id: 'c', name: 'corrects_with_it', arguments: {} });
      if ((JSON.parse(corrected.content) as { message?: string }).message !== line.text)
        alteredAsMessage += 1;
    }
    console.log(
      `gitleaks corpus benign lines altered: ${alteredAsData}/${corpus.benign.length} as data, ${alteredAsMessage}/${corpus.benign.length} as a message`,
    );
    expect(alteredAsData / corpus.benign.length).toBeLessThanOrEqual(MAXIMUM_BENIGN_ALTERED);
    expect(alteredAsMessage / corpus.benign.length).toBeLessThanOrEqual(MAXIMUM_BENIGN_ALTERED);
  }, 300_000);
});
