import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { redactText } from '../../src/sanitize/redact-text.js';

const identifier = fc.stringMatching(/^[a-z][a-zA-Z]{3,10}$/);
const className = fc.stringMatching(/^[A-Z][a-z]{3,8}[A-Z][a-z]{2,6}$/);
const directory = fc.stringMatching(/^[a-z]{3,8}$/);
const line = fc.integer({ min: 1, max: 9999 });

interface Trace {
  text: string;
  /** Names and paths that only the frames carry; none may survive. */
  secrets: string[];
}

/** One multi-line trace per runtime, with every frame built from the generated names. */
const traces: Record<string, fc.Arbitrary<Trace>> = {
  node: fc.tuple(identifier, identifier, directory, line).map(([first, second, folder, at]) => ({
    text: `TypeError: Cannot read properties of undefined\n    at ${first} (/srv/${folder}/src/${first}.js:${at}:7)\n    at async Promise.all (index 0)\n    at async ${second} (/srv/${folder}/src/${second}.js:${at + 1}:3)`,
    secrets: [`${first}.js`, `${second}.js`, `/srv/${folder}`, ` ${second} (`],
  })),
  python: fc.tuple(identifier, identifier, directory, line).map(([first, second, folder, at]) => ({
    text: `Traceback (most recent call last):\n  File "/opt/${folder}/${first}.py", line ${at}, in ${first}\n    value = ${second}(payload)\n  File "/opt/${folder}/${second}.py", line ${at + 3}, in ${second}\n    raise ValueError("bad")\nValueError: bad`,
    secrets: [`${first}.py`, `${second}(payload)`, `/opt/${folder}`],
  })),
  java: fc.tuple(className, className, identifier, line).map(([first, second, method, at]) => ({
    text: `java.lang.IllegalStateException: closed\n\tat com.acme.${first}.${method}(${first}.java:${at})\n\tat com.acme.${second}.run(${second}.java:${at + 2})\n\t... 12 more`,
    secrets: [`${first}.java`, `com.acme.${second}`, `.${method}(`],
  })),
  dotnet: fc.tuple(className, className, identifier, line).map(([first, second, method, at]) => ({
    text: `System.InvalidOperationException: closed\n   at Shop.${first}.${method}()\n   at Shop.${second}.Handle(Int32 id) in /src/Shop/${second}.cs:line ${at}\n--- End of stack trace from previous location ---`,
    secrets: [`Shop.${first}.${method}`, `${second}.cs`, `Shop.${second}.Handle`],
  })),
  go: fc.tuple(identifier, identifier, directory, line).map(([first, second, folder, at]) => ({
    text: `panic: runtime error: index out of range\n\ngoroutine 1 [running]:\nmain.${first}(0xc000012345)\n\t/go/src/${folder}/main.go:${at} +0x1d\nmain.${second}()\n\t/go/src/${folder}/server.go:${at + 9} +0x25`,
    secrets: [`main.${first}(`, `main.${second}(`, `/go/src/${folder}`],
  })),
  ruby: fc.tuple(identifier, identifier, directory, line).map(([first, second, folder, at]) => ({
    text: `NoMethodError: undefined method 'total'\n/app/${folder}/${first}.rb:${at}:in '${first}'\n/app/${folder}/${second}.rb:${at + 1}:in 'block in ${second}'`,
    secrets: [`${first}.rb`, `${second}.rb`, `/app/${folder}`],
  })),
  php: fc.tuple(identifier, identifier, directory, line).map(([first, second, folder, at]) => ({
    text: `PHP Fatal error:  Uncaught Exception: failed in /var/www/${folder}/${first}.php:${at}\nStack trace:\n#0 /var/www/${folder}/${second}.php(${at + 1}): ${first}()\n#1 {main}\n  thrown in /var/www/${folder}/${first}.php on line ${at}`,
    secrets: [`${first}.php`, `${second}.php`, `/var/www/${folder}`, `${first}()`],
  })),
  rust: fc.tuple(identifier, identifier, directory, line).map(([first, second, folder, at]) => ({
    text: `thread 'main' panicked at crates/${folder}/src/${first}.rs:${at}:9:\nindex out of bounds\nstack backtrace:\n   3: ${folder}_svc::${first}::${second}\n   4: ${folder}_svc::${second}::{{closure}}`,
    secrets: [`${first}.rs`, `${folder}_svc::${first}`, `${folder}_svc::${second}`],
  })),
  elixir: fc.tuple(identifier, identifier, directory, line).map(([first, second, folder, at]) => ({
    text: `** (RuntimeError) failed\n    (${folder} 1.2.0) lib/${folder}/${first}.ex:${at}: App.Worker.${first}/1\n    (${folder} 1.2.0) lib/${folder}/${second}.ex:${at + 4}: App.Runner.${second}/2`,
    secrets: [`lib/${folder}/${first}.ex`, `lib/${folder}/${second}.ex`, `.${second}/2`],
  })),
  swift: fc.tuple(identifier, directory, line).map(([first, folder, at]) => ({
    text: `Fatal error: Unexpectedly found nil: file /build/${folder}/Sources/${first}.swift, line ${at}`,
    secrets: [`${first}.swift`, `/build/${folder}`],
  })),
  dart: fc.tuple(identifier, identifier, directory, line).map(([first, second, folder, at]) => ({
    text: `#0      Repo.${first} (package:${folder}_app/data/${first}.dart:${at}:7)\n#1      Bloc.${second} (package:${folder}_app/bloc/${second}.dart:${at + 2}:3)`,
    secrets: [`${first}.dart`, `${second}.dart`, `${folder}_app`],
  })),
  'Flutter in logcat': fc
    .tuple(identifier, identifier, directory, line)
    .map(([first, second, folder, at]) => ({
      text: `E/flutter (12044): #0      Repo.${first} (package:${folder}_app/data/${first}.dart ${at}:7)\nE/flutter (12044): #1      Bloc.${second} (package:${folder}_app/bloc/${second}.dart:${at + 2}:3)`,
      secrets: [`${first}.dart`, `${second}.dart`, `${folder}_app`],
    })),
  webpack: fc.tuple(identifier, directory, line).map(([first, folder, at]) => ({
    text: `Error: failed\n    at ${first} (webpack-internal:///(api)/./src/${folder}/${first}.ts:${at}:15)`,
    secrets: [`${first}.ts`, `src/${folder}`],
  })),
};

/** How a trace arrives inside returned data: as it is, JSON-escaped, or JSON-escaped twice. */
const wrappings: Record<string, (text: string) => string> = {
  plain: (text) => text,
  'JSON-escaped': (text) => JSON.stringify({ stack: text }),
  'escaped twice': (text) => JSON.stringify(JSON.stringify({ stack: text })),
};

describe('whole multi-line traces in data', () => {
  for (const [runtime, trace] of Object.entries(traces)) {
    for (const [wrapping, wrap] of Object.entries(wrappings)) {
      it(`redacts every frame line of a ${runtime} trace, ${wrapping}`, () => {
        fc.assert(
          fc.property(trace, ({ text, secrets }) => {
            const redacted = redactText(`result follows\n${wrap(text)}\nend of result`).text;
            for (const secret of secrets) expect(redacted).not.toContain(secret);
            expect(redacted).toContain('result follows');
          }),
          { numRuns: 40 },
        );
      });
    }
  }
});

const serviceName = fc
  .tuple(
    fc.stringMatching(/^[a-z]{3,10}$/),
    fc.constantFrom('svc', 'api', 'service', 'db', 'worker', 'gateway'),
  )
  .map(([name, kind]) => `${name}-${kind}`);
const port = fc.integer({ min: 1024, max: 65535 });
const hextet = fc.stringMatching(/^[0-9a-f]{1,4}$/);
const privateIpv6 = fc.oneof(
  fc
    .tuple(fc.constantFrom('fd', 'fc'), fc.stringMatching(/^[0-9a-f]{2}$/), hextet, hextet)
    .map(([head, rest, a, b]) => `${head}${rest}:${a}:${b}::1`),
  fc.tuple(hextet, hextet).map(([a, b]) => `fe80::${a}:${b}`),
  fc.constant('::1'),
);

describe('internal addresses', () => {
  it('redacts single-label service hosts in URLs and with a port', () => {
    fc.assert(
      fc.property(
        serviceName,
        port,
        fc.constantFrom('http', 'https', 'grpc', 'ws'),
        (name, number, scheme) => {
          for (const text of [
            `GET ${scheme}://${name}:${number}/v1/items failed`,
            `GET ${scheme}://${name}.default:${number}/v1/items failed`,
            `calling ${name}:${number} failed`,
          ]) {
            const redacted = redactText(text).text;
            expect(redacted).not.toContain(name);
          }
        },
      ),
    );
  });

  it('redacts private IPv6 addresses, bracketed with a port or bare', () => {
    fc.assert(
      fc.property(privateIpv6, port, (address, number) => {
        for (const text of [`dial tcp [${address}]:${number}: i/o timeout`, `peer ${address} unreachable`]) {
          if (text.startsWith('peer ::1')) continue; // a bare ::1 in prose is too short to tell
          expect(redactText(text).text).not.toContain(address);
        }
      }),
    );
  });

  it('tells private IPv6 ranges from public ones, in any case and with a zone or mapped IPv4', () => {
    const privateOnes = [
      '[FE80::1%eth0]:8080',
      '[fec0::1]:53',
      '[0:0:0:0:0:0:0:1]:8080',
      '[::ffff:10.0.0.5]:80',
      '[::ffff:172.20.1.9]:443',
      '[FD12:3456:789A::10]:5432',
    ];
    for (const address of privateOnes) {
      expect(redactText(`connect ${address} refused`).text, address).not.toContain(address.slice(1, 6));
    }
    const publicOnes = ['[fd::1]:80', '[fe70::1]:80', '[::ffff:8.8.8.8]:53', '[2001:db8:0:0:0:0:0:1]:443'];
    for (const address of publicOnes) {
      expect(findLeaks(`see ${address} in the docs`), address).toEqual([]);
    }
  });

  it('redacts host and port named together, whatever the host', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9.-]{2,20}[a-z]$/), port, (host, number) => {
        for (const text of [
          `HTTPConnectionPool(host='${host}', port=${number}): Max retries exceeded`,
          `{"host": "${host}", "port": ${number}}`,
          `Host=${host}; Port=${number}`,
          `database:\n  host: ${host}\n  port: ${number}\n  name: app`,
        ]) {
          expect(redactText(text).text).not.toContain(`${number}`);
        }
      }),
    );
  });

  it('leaves public addresses, times, ratios, versions and ids alone', () => {
    for (const text of [
      'Open https://api.example.com:443/v1 in a browser.',
      'The documentation address is [2001:db8::1]:443.',
      'Meet at 10:30, ratio 16:9, image node:20.11.',
      'order_id:12345 status:shipped',
      'chrome://settings and http://HOST:PORT/ are placeholders.',
      'The host of the show is Maria, and the port of call is Lisbon.',
    ]) {
      expect(findLeaks(text)).toEqual([]);
    }
  });
});
