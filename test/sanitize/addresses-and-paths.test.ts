import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LeakRule } from '../../src/sanitize/leak-rule.js';
import { filesystemPathRule } from '../../src/sanitize/rules/filesystem-path.js';
import { internalAddressRule } from '../../src/sanitize/rules/internal-address.js';

const octet = fc.integer({ min: 0, max: 255 });
const tenAddress = fc.tuple(octet, octet, octet).map(([b, c, d]) => `10.${b}.${c}.${d}`);
const word = fc.stringMatching(/^[a-z]{3,9}$/);
const name = fc.stringMatching(/^[a-z][a-z0-9-]{2,12}[a-z0-9]$/);

/** The parts of `text` one rule reports, joined, so a test can say what it covers. */
function found(rule: LeakRule, text: string): string {
  return rule
    .find(text)
    .map((span) => text.slice(span.start, span.end))
    .join(' | ');
}

/** A key built from some words and a last word, in one of the styles logs and JSON use. */
function keyIn(style: number, words: readonly string[]): string {
  const [first = '', ...rest] = words;
  const upper = (part: string) => part.charAt(0).toUpperCase() + part.slice(1);
  switch (style) {
    case 0:
      return words.join('_');
    case 1:
      return first + rest.map(upper).join('');
    case 2:
      return words.map(upper).join('-');
    case 3:
      return words.join('.');
    default:
      return words.join('_').toUpperCase();
  }
}

const ADDRESS_WORDS = [
  'ip',
  'addr',
  'address',
  'host',
  'peer',
  'src',
  'dst',
  'server',
  'gateway',
  'nameserver',
];

describe('10.x addresses, unless the text says version', () => {
  it('redacts an address after any key that ends in an address word, in any style and separator', () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 2 }),
        fc.constantFrom(...ADDRESS_WORDS),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom('=', ': ', '":"', ' ', ':\t', '=>'),
        tenAddress,
        (prefix, last, style, separator, address) => {
          const key = keyIn(style, [...prefix, last]);
          const text = `event=request ${key}${separator}${address} took=12ms`;
          expect(found(internalAddressRule, text), text).toContain(address);
        },
      ),
    );
  });

  it('redacts every address of a list that follows such a key', () => {
    fc.assert(
      fc.property(
        fc.array(tenAddress, { minLength: 2, maxLength: 4 }),
        fc.constantFrom(', ', ',', ' '),
        (list, joiner) => {
          const text = `X-Forwarded-For: ${list.join(joiner)}`;
          const spans = found(internalAddressRule, text);
          for (const address of list) expect(spans, text).toContain(address);
        },
      ),
    );
  });

  it('redacts an address after a user, IPv4-mapped IPv6, a host name and slash, or a host name in brackets', () => {
    fc.assert(
      fc.property(word, name, tenAddress, (user, host, address) => {
        for (const text of [
          `Access denied for user '${user}'@'${address}' (using password: YES)`,
          `socket from ::ffff:${address} reset`,
          `Connect to ${host}:8443 [${host}/${address}] failed`,
          `is the server running on host "${host}" (${address}) and accepting`,
          `PING ${host} (${address}) 56(84) bytes of data.`,
        ]) {
          expect(found(internalAddressRule, text), text).toContain(address);
        }
        const consul = `${host}.service.${user}.consul`;
        expect(found(internalAddressRule, `resolved ${consul} to 3 instances`)).toBe(consul);
        expect(found(internalAddressRule, `edit ${host}.consul and reload`)).toBe('');
      }),
    );
  });

  it('redacts a bare 10.x with no word beside it: table and CSV cells, log fields, other languages', () => {
    fc.assert(
      fc.property(name, tenAddress, word, (host, address, status) => {
        for (const text of [
          `| ${host} | ${address} | ${status} |`,
          `${host},${address},${status}`,
          `${host}\t${address}\t${status}`,
          `WARN ${address} returned 503`,
          `Le serveur ${address} ne répond pas.`,
          `- ${address}`,
        ]) {
          expect(found(internalAddressRule, text), text).toContain(address);
        }
      }),
    );
  });

  it('keeps the reserved blocks as the RFCs name them, and redacts a network of their own', () => {
    const guide = 'Private ranges are 10.0.0.0/8, 172.16.0.0/12 and 192.168.0.0/16.';
    expect(found(internalAddressRule, guide)).toBe('');
    fc.assert(
      fc.property(tenAddress, fc.integer({ min: 9, max: 30 }), (address, bits) => {
        const text = `the VPC uses ${address}/${bits}.`;
        expect(found(internalAddressRule, text), text).toBe(`${address}/${bits}`);
      }),
    );
  });

  it('leaves 10.x version numbers alone, in ranges, after version words and in paths', () => {
    fc.assert(
      fc.property(
        tenAddress,
        tenAddress,
        fc.constantFrom('firmware', 'version', 'release', 'build', 'kernel', 'BIOS'),
        (first, second, versionWord) => {
          for (const text of [
            `Upgrade from ${versionWord} ${first} to ${second} before Friday.`,
            `Upgrading from ${first} to ${second} takes ten minutes.`,
            `${versionWord} ${first} replaces ${second}.`,
            `Notes are at docs/${first}/changes.`,
            `Works with Chrome (${first}) and later.`,
            `Requires ${first} or later.`,
            `See section ${first} of the manual.`,
            `Fetched pkg-${first}.tar.gz from the mirror.`,
            `{"app_${versionWord.toLowerCase()}": "${first}"}`,
            `| Package | ${versionWord} |\n|---|---|\n| widget | ${first} |\n| gadget | ${second} |`,
            `name,${versionWord},licence\nwidget,${first},MIT`,
          ]) {
            expect(found(internalAddressRule, text), text).toBe('');
          }
        },
      ),
    );
  });
});

describe('internal zones under public domains, and managed endpoints', () => {
  const domain = fc
    .tuple(word, fc.constantFrom('com', 'net', 'io', 'de', 'cloud'))
    .map(([a, b]) => `${a}.${b}`);

  it('redacts a host whose internal zone label sits under a public domain, with or without a port', () => {
    fc.assert(
      // names without `xx`, since `xxx` in a name reads as a placeholder host (as in the test below)
      fc.property(
        name.filter((host) => !host.includes('xx')),
        fc.constantFrom('internal', 'corp', 'intranet', 'int', 'lan', 'INTERNAL'),
        domain,
        fc.constantFrom('', ':5432', ':443'),
        (host, zone, publicDomain, port) => {
          const fullName = `${host}.${zone}.${publicDomain}`;
          const text = `timed out talking to ${fullName}${port}.`;
          expect(found(internalAddressRule, text), text).toBe(`${fullName}${port}`);
        },
      ),
    );
  });

  it('leaves code packages, file names and placeholder hosts alone', () => {
    fc.assert(
      fc.property(word, name, (part, host) => {
        for (const text of [
          `import com.${part}.internal.net.${host.toUpperCase()};`,
          `load ${host}.internal.json and ${host}.corp.yaml`,
          `Use your-${host}.internal.${part}.com in the example.`,
          `the ${part}.internal.com wiki`,
        ]) {
          expect(found(internalAddressRule, text), text).toBe('');
        }
      }),
    );
  });

  it('redacts the endpoints of managed databases and private load balancers, and keeps public ones', () => {
    fc.assert(
      // ids without `x`, and names without `xx`, since `xxx` in a name reads as a placeholder
      fc.property(
        name.filter((instance) => !instance.includes('xx')),
        fc.stringMatching(/^[a-w0-9]{8,12}$/),
        (instance, id) => {
          for (const endpoint of [
            `${instance}.${id}.us-east-1.rds.amazonaws.com`,
            `${instance}.${id}.0001.use1.cache.amazonaws.com`,
            `internal-${instance}-${id}.eu-west-1.elb.amazonaws.com`,
            `${instance}.database.windows.net`,
            `${instance}.mysql.database.azure.com`,
            `${instance}-shard-00-01.${id}.mongodb.net`,
          ]) {
            const text = `connect ETIMEDOUT ${endpoint}:6379`;
            expect(found(internalAddressRule, text), text).toBe(`${endpoint}:6379`);
          }
          const publicBalancer = `served by ${instance}-${id}.eu-west-1.elb.amazonaws.com`;
          expect(found(internalAddressRule, publicBalancer)).toBe('');
        },
      ),
    );
  });
});

describe('single-label hosts beside their ports', () => {
  it('redacts a host named under a prefixed host key next to a prefixed port key', () => {
    fc.assert(
      fc.property(
        word,
        name,
        fc.integer({ min: 1024, max: 65_535 }),
        fc.constantFrom(
          (p: string, h: string, n: number) => `${p}.host=${h}\n${p}.port=${n}`,
          (p: string, h: string, n: number) => `${p.toUpperCase()}_HOST=${h}\n${p.toUpperCase()}_PORT=${n}`,
          (p: string, h: string, n: number) => `{ ${p}Host: '${h}', ${p}Port: ${n} }`,
          (p: string, h: string, n: number) => `${p}.port: ${n}\n${p}.hostname: ${h}`,
        ),
        (prefix, host, number, shape) => {
          const text = shape(prefix, host, number);
          expect(found(internalAddressRule, text), text).toContain(host);
        },
      ),
    );
  });

  it("redacts Prisma's backticked host and a well-known port beside a numbered host", () => {
    fc.assert(
      fc.property(word, fc.integer({ min: 1, max: 99 }), (base, number) => {
        const host = `${base}-${number}`;
        for (const text of [
          `Can't reach database server at \`${host}\`:\`5432\``,
          `SMTP connect() failed: ${host}:25 timed out`,
          `connect call failed ('${host}', 6379)`,
        ]) {
          expect(found(internalAddressRule, text), text).toContain(host);
        }
      }),
    );
  });

  it("redacts the host a failed name lookup reports, in each resolver's words", () => {
    fc.assert(
      fc.property(name, (host) => {
        for (const text of [
          `getaddrinfo ENOTFOUND ${host}`,
          `dial tcp: lookup ${host} on 10.96.0.10:53: no such host`,
          `could not translate host name "${host}" to address: Name or service not known`,
          `ERROR 2005 (HY000): Unknown MySQL server host '${host}' (-2)`,
          `ssh: Could not resolve hostname ${host}: Temporary failure in name resolution`,
          `NameResolutionError: Failed to resolve '${host}' ([Errno -2] Name or service not known)`,
        ]) {
          expect(found(internalAddressRule, text), text).toContain(host);
        }
      }),
    );
  });

  it('leaves counts, tuples of words and public names alone', () => {
    for (const text of [
      'limit:25 offset:53 pageSize:110',
      "top words: [('refund', 12), ('invoice', 30)]",
      "Can't reach database server at `db.example.com`:`5432`",
      'The host of the show is Maria, and the port of call is Lisbon.',
      'export PORT=8080',
    ]) {
      expect(found(internalAddressRule, text), text).toBe('');
    }
  });
});

const MACHINE_ROOTS = [
  'etc',
  'var',
  'secrets',
  'certs',
  '__w',
  'u01',
  'nfs',
  'efs',
  'scratch',
  'workdir',
  'cores',
];
const SHARED_ROOTS = ['app', 'home', 'data', 'media', 'src', 'build', 'config', 'project', 'repo'];
const SYSCALLS = [
  'open',
  'scandir',
  'stat',
  'lstat',
  'mkdir',
  'unlink',
  'rename',
  'access',
  'rmdir',
  'readlink',
];

describe('filesystem paths', () => {
  it('redacts any path of two or more names under a machine root', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MACHINE_ROOTS),
        fc.array(word, { minLength: 1, maxLength: 4 }),
        (root, names) => {
          const path = `/${root}/${names.join('/')}`;
          expect(found(filesystemPathRule, `reading ${path} now`)).toBe(path);
        },
      ),
    );
  });

  it('tells files under shared roots from web routes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHARED_ROOTS),
        fc.array(word, { minLength: 1, maxLength: 2 }),
        fc.constantFrom('yml', 'json', 'rs', 'py', 'log', 'key'),
        (root, names, extension) => {
          const route = `/${root}/${names.join('/')}`;
          expect(found(filesystemPathRule, `Open ${route} to change it.`)).toBe('');
          expect(found(filesystemPathRule, `Open ${route}/ to change it.`)).toBe('');
          expect(found(filesystemPathRule, `Logo at /${root}/${names[0]}/logo.svg on the CDN.`)).toBe('');
          const file = `${route}.${extension}`;
          expect(found(filesystemPathRule, `could not read ${file}`)).toBe(file);
          const deep = `/${root}/${names.join('/')}/a/b/c`;
          expect(found(filesystemPathRule, `see ${deep}`)).toBe(deep);
        },
      ),
    );
  });

  it('redacts a path under any root in a file error or beside a line number', () => {
    fc.assert(
      fc.property(
        word,
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...SYSCALLS),
        (root, names, call) => {
          const path = `/${root}-x/${names.join('/')}`;
          for (const text of [
            `ENOENT: no such file or directory, ${call} '${path}'`,
            `${call} ${path}: permission denied`,
            `PermissionError: [Errno 13] Permission denied: '${path}'`,
            `java.io.FileNotFoundException: ${path} (No such file or directory)`,
            `Error: Cannot find module '${path}'`,
            `$ ls -la ${path}`,
            `deploy@web-1:~$ cd ${path}`,
          ]) {
            expect(found(filesystemPathRule, text), text).toBe(path);
          }
          expect(found(filesystemPathRule, `$ ls -la ${path}/`)).toBe(`${path}/`);
          const source = `${path}.rb`;
          expect(found(filesystemPathRule, `${source}:42:in 'run'`)).toContain(source);
          expect(found(filesystemPathRule, `in ${source} on line 42`)).toContain(source);
        },
      ),
    );
  });

  it('redacts Windows drive paths with either slash, and folder variables', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('C', 'd', 'E'),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        (drive, names) => {
          for (const path of [`${drive}:/${names.join('/')}.conf`, `%APPDATA%\\${names.join('\\')}.json`]) {
            expect(found(filesystemPathRule, `failed to read ${path}`)).toBe(path);
          }
        },
      ),
    );
  });

  it('leaves routes, commands, fractions, dates and URL paths alone', () => {
    for (const text of [
      'Type /invite to add someone; it costs 2/3 of the price by 05/01/2024.',
      'See https://example.com/etc/guide and https://example.org/var/notes.',
      '{"route":"/orders/551/items","method":"POST"}',
      'Open the settings page to change how files open.',
      'POST /data/export then poll GET /data/export/{jobId}.',
    ]) {
      expect(found(filesystemPathRule, text), text).toBe('');
    }
  });
});

describe('scans that read each character a bounded number of times', () => {
  it('reads a table column as a version column on any line, after any other text', () => {
    const versions = '| Package | Version |\n|---|---|\n| widget | 10.1.0.2 |\n';
    const hosts = '| Service | Host |\n|---|---|\n| orders | 10.4.0.9 |\n';
    const expectFound = (text: string, addresses: string) =>
      expect(found(internalAddressRule, text)).toBe(addresses);
    expectFound(versions, '');
    expectFound(hosts, '10.4.0.9');
    // after a long line with no break, after another text's scan, and twice in one text
    expectFound(`${'x'.repeat(5_000)} 10.9.9.9\n${versions}`, '10.9.9.9');
    expect(found(internalAddressRule, 'db at 10.2.3.4')).toBe('10.2.3.4');
    expectFound(versions, '');
    expectFound(`${versions}\nsome prose\n\n${versions}\n${hosts}`, '10.4.0.9');
    expectFound(`${'| a | 10.0.0.5 '.repeat(3_000)}\n${versions}`, Array(3_000).fill('10.0.0.5').join(' | '));
    // two version columns in one row; a row of prose ends the block, and the rows below it have no header
    const twoColumns =
      '| Package | Version | Last version |\n|---|---|---|\n| widget | 10.1.0.2 | 10.1.0.1 |\n';
    expectFound(twoColumns, '');
    expectFound(`${versions}then the hosts:\n| orders | 10.4.0.9 |\n`, '10.4.0.9');
    // a line longer than a row ends a block too; two tables read as one block without a line between
    expectFound(`${versions}${'y'.repeat(2_000)}\n| widget | 10.1.0.3 |\n`, '10.1.0.3');
    expectFound(`${hosts}\n${versions}`, '10.4.0.9');
    expectFound(`${hosts}${versions}`, '10.4.0.9 | 10.1.0.2');
  });

  it('keeps the versions of a version column up to 24 rows under its header, and redacts a host column', () => {
    fc.assert(
      fc.property(
        // package names: a label that names an address (`bind`, `host`) makes its row an address
        fc.array(
          fc.tuple(fc.constantFrom('widget', 'gizmo', 'libfoo', 'orders-ui', 'sprocket'), tenAddress),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        fc.constantFrom('|', ',', '\t'),
        (rows, separator) => {
          const table = (column: string) =>
            [
              `name${separator}${column}`,
              ...rows.map(([label, address]) => `${label}${separator}${address}`),
            ].join('\n');
          // a header is looked for 24 rows up at most: past that, a row reads as a table's first
          const past = rows.filter((_, index) => index >= 24).map(([, address]) => address);
          expect(found(internalAddressRule, table('version'))).toBe(past.join(' | '));
          expect(found(internalAddressRule, table('host'))).toBe(
            rows.map(([, address]) => address).join(' | '),
          );
        },
      ),
    );
  });

  it('finds where a path ends within the path, so text full of slashes and no colon stays linear', () => {
    // the search for a `:line` suffix once ran to the end of the text from every path: 1 MB of
    // `curl /token` took 0.6 s and 4 MB about 10 s; now 4 MB takes a fraction of a second
    const text = 'curl /token\n'.repeat(350_000);
    const started = performance.now();
    filesystemPathRule.find(text);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(found(filesystemPathRule, 'failed at /srv/app/lib/orders.rb:12 then')).toBe(
      '/srv/app/lib/orders.rb:12',
    );
    expect(found(filesystemPathRule, 'see /etc/app.conf: no such file')).toBe('/etc/app.conf');
  });
});
