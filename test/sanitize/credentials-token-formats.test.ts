import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactText } from '../../src/sanitize/redact-text.js';
import { findPrefixedTokens } from '../../src/sanitize/rules/find-prefixed-tokens.js';
import { isPlaceholderBody } from '../../src/sanitize/rules/placeholders.js';
import { credentialSpans } from '../helpers/sanitized.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

/** A random body of `length` characters from `alphabet`, with upper case, lower case and digits when it can. */
function body(alphabet: string, length: number) {
  return fc
    .array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length })
    .map((characters) => characters.join(''))
    .filter(
      (value) =>
        new Set(value).size >= Math.min(12, length / 2) &&
        ![...value].some((character) => value.split(character).length > 6) &&
        /\d/.test(value) &&
        /[a-z]/i.test(value),
    );
}

/** Tokens whose formats the providers document, each as a prefix and a random body. */
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  'Docker Hub PAT': body(ALPHANUMERIC, 27).map((b) => `dckr_pat_${b}`),
  'Figma PAT': body(ALPHANUMERIC, 40).map((b) => `figd_${b}`),
  'Google refresh token': body(ALPHANUMERIC, 60).map((b) => `1//0${b}`),
  'Braintree access token': fc
    .tuple(body('abcdefghijklmnopqrstuvwxyz0123456789', 16), body(HEX, 32))
    .map(([merchant, key]) => `access_token$production$${merchant}$${key}`),
  'Groq key': body(ALPHANUMERIC, 52).map((b) => `gsk_${b}`),
  'Supabase token': body(HEX, 40).map((b) => `sbp_${b}`),
  'Tailscale key': body(ALPHANUMERIC, 40).map((b) => `tskey-auth-${b}`),
  'Airtable PAT': fc.tuple(body(ALPHANUMERIC, 14), body(HEX, 64)).map(([id, key]) => `pat${id}.${key}`),
  'Telegram bot token in an API path': fc
    .tuple(
      fc.stringMatching(/^[1-9][0-9]{8,9}$/).filter((id) => !/(\d)\1\1/.test(id)),
      body(ALPHANUMERIC, 33),
    )
    .map(([id, key]) => `bot${id}:AA${key}`.slice(3)),
  'Statsig server secret': body(ALPHANUMERIC, 43).map((b) => `secret-${b}`),
  'Infura project id in its RPC URL': body(HEX, 32).map((b) => `https://sepolia.infura.io/v3/${b}`),
  'Alchemy key in its RPC URL': body(`${ALPHANUMERIC}_-`, 32).map(
    (b) => `https://eth-mainnet.g.alchemy.com/v2/${b}`,
  ),
  'Ankr key in its RPC URL': body(HEX, 64).map((b) => `https://rpc.ankr.com/polygon/${b}`),
  'Chainstack token in its node URL': body(HEX, 32).map((b) => `https://nd-837-315-856.p2pify.com/${b}`),
  'Twitch stream key in its ingest URL': fc
    .tuple(fc.stringMatching(/^[1-9][0-9]{8}$/), body(ALPHANUMERIC, 30))
    .map(([channel, key]) => `rtmp://live-ams.twitch.tv/app/live_${channel}_${key}`),
  'YouTube stream key in its ingest URL': body('abcdefghijklmnopqrstuvwxyz0123456789', 20).map(
    (b) => `rtmp://a.rtmp.youtube.com/live2/${b.match(/.{4}/g)?.join('-')}`,
  ),
};

describe('provider token formats', () => {
  it.each(Object.keys(FORMATS))('redacts a %s wherever it stands', (name) => {
    fc.assert(
      fc.property(FORMATS[name] as fc.Arbitrary<string>, (token) => {
        for (const text of [token, `using ${token} for the sync`, `{"auth":"${token}"}`]) {
          expect(redactText(text).text.includes(token), text).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('finds a token in a text read after one that turned the same format down further along', () => {
    // the first text turns Groq's format down at a body too long for it, which marks the format
    // as not worth trying again before that body's end; the mark must not outlive that scan,
    // though the marks' array is kept for the next
    fc.assert(
      fc.property(
        FORMATS['Groq key'] as fc.Arbitrary<string>,
        fc.integer({ min: 53, max: 300 }),
        fc.nat({ max: 40 }),
        (token, tooLong, offset) => {
          const spans = (text: string) => {
            const found: string[] = [];
            findPrefixedTokens(text, (start, end) => found.push(text.slice(start, end)));
            return found;
          };
          expect(spans(`${'x'.repeat(offset)} gsk_${'a1'.repeat(tooLong)}`)).toEqual([]);
          // the second text turns another format down first (`ghp_` with too short a body)
          expect(spans(`ghp_x ${token}`)).toEqual([token]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('redacts a Telegram bot token glued to "bot" in a URL, and an Azure SAS signature', () => {
    const token = '8403502228:AAzak41XIMeX58NZ1ZHh3U1z-g6U7qu9VZv';
    expect(redactText(`POST https://api.telegram.org/bot${token}/sendMessage`).text).not.toContain(token);
    const sig = 'q8VtL2mZx9Kp4Rw8Bn3Yc5Hd1FsQ9wE6rT0yUi8Op2A%3D';
    expect(
      redactText(`https://acct.blob.core.windows.net/c/b.json?sv=2022-11-02&sr=b&sig=${sig} expired`).text,
    ).not.toContain(sig);
  });

  it('leaves placeholders of the same formats alone', () => {
    for (const text of [
      'docker login -u you --password-stdin <<< dckr_pat_xxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'export GROQ_API_KEY=gsk_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      'figd_0000000000000000000000000000000000000000',
      'url: "https://mainnet.infura.io/v3/YOUR_PROJECT_ID"',
      'https://eth-mainnet.g.alchemy.com/v2/<your-api-key>',
      'ffmpeg -f flv "rtmp://a.rtmp.youtube.com/live2/${STREAM_KEY:?STREAM_KEY not set}"',
      'rtmp://live.twitch.tv/app/{stream_key}',
    ]) {
      expect(credentialSpans(text), text).toEqual([]);
    }
  });
});

describe('a token with a known prefix that something cut short', () => {
  // a body the placeholder rule keeps whole or cut (`…Fake…`, `…xxxx…`) is no token either way
  const cutBody = (length: number) => body(ALPHANUMERIC, length).filter((value) => !isPlaceholderBody(value));

  // each a prefix, and a body shorter than its format's least length but long enough to guess from
  const cut = fc
    .tuple(fc.constantFrom('ghp_', 'github_pat_', 'glpat-', 'sk-proj-', 'xkeysib-', 'npm_'), cutBody(18))
    .map(([prefix, rest]) => `${prefix}${rest}`);

  it('is redacted where the text ends in it, or an ellipsis cuts it', () => {
    fc.assert(
      fc.property(cut, (token) => {
        for (const text of [
          token,
          `token: ${token}`,
          `token: ${token}… (truncated)`,
          `${token}... [1 more]`,
        ]) {
          expect(redactText(text).text.includes(token), text).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is redacted whole when it wraps onto the lines below, as a narrow terminal prints it', () => {
    fc.assert(
      fc.property(cutBody(30), cutBody(30), (first, second) => {
        const text = `$ gh auth token\ngithub_pat_11${first}\n${second}\n$ `;
        const redacted = redactText(text).text;
        expect(redacted).not.toContain(first);
        expect(redacted).not.toContain(second);
        expect(redacted.startsWith('$ gh auth token\n')).toBe(true);
      }),
      { numRuns: 60 },
    );
    // a random body may hold `eyJ` by chance, which opens base64 JSON only where the body starts
    const chance =
      '$ gh auth token\ngithub_pat_11EpwV0bN3sQveyJZo11H1ngvU7wondW\n8kq9eUCpTMnJryOyqlfTd78adFEzEx\n$ ';
    expect(redactText(chance).text).not.toContain('8kq9eUCpTMnJryOyqlfTd78adFEzEx');
  });

  it('stays when nothing cut it, when it is short or a placeholder, and takes no word from the next line', () => {
    for (const text of [
      'set GITHUB_TOKEN to your ghp_4fK2mQ9xL7pR3tV8 token and run it again',
      'see ghp_ReadTheDocsPage',
      'tokens look like ghp_xxxxxxxxxxxxxxxxxxxx',
      'key-value-pairs-in-config',
      // a document elides a token after its base64 JSON header, which holds no secret
      'export OP_SERVICE_ACCOUNT_TOKEN=ops_eyJzaWduSW5BZGRyZXNzIjoiaHR0cHM6...',
    ]) {
      expect(credentialSpans(text), text).toEqual([]);
    }
    // a line that is not the rest of the token is left as it is
    expect(redactText('glpat-Q7mN2xR8kL4pV9wTzz\nDone').text).toContain('Done');
  });
});
