import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret } from '../helpers/seeded-secrets.js';

const secret = seededSecret(PASSWORD_ALPHABET, 'Pw7', 8, 24);
const secretName = fc.constantFrom('DB_PASSWORD', 'api_token', 'STRIPE_SECRET_KEY', 'clientSecret', 'secret');
const nameKey = fc.constantFrom('name', 'Name', 'key', 'Key', 'ParameterKey', 'keyName', 'type');
const valueKey = fc.constantFrom('value', 'Value', 'ParameterValue', 'default');

function json(value: unknown): string {
  return JSON.stringify(sanitizeValue(value));
}

describe('name/value entries in returned data', () => {
  it('redacts the value of an entry whose name names a secret, in a list and nested', () => {
    fc.assert(
      fc.property(nameKey, valueKey, secretName, secret, (name, value, setting, hidden) => {
        const pod = {
          spec: {
            containers: [
              {
                env: [
                  { [name]: 'NODE_ENV', [value]: 'production' },
                  { [name]: setting, [value]: hidden },
                ],
              },
            ],
          },
        };
        const out = json(pod);
        expect(out).not.toContain(hidden);
        expect(out).toContain('production');
      }),
    );
  });

  it('redacts the value held one level below a secret-named key', () => {
    fc.assert(
      fc.property(valueKey, secret, (value, hidden) => {
        const properties = {
          'spring.datasource.password': { [value]: hidden },
          'server.port': { [value]: 8080 },
        };
        expect(json({ properties })).not.toContain(hidden);
      }),
    );
  });

  it('keeps entries whose name is not a secret, and the names themselves', () => {
    const value = {
      Tags: [{ Key: 'Name', Value: 'inventory-web' }],
      Contents: [{ Key: 'reports/2026-11.csv', Size: 7699977 }],
      metrics: [{ name: 'latency_ms', value: '42' }],
      user: { last_login: '2026-09-01T16:57:00Z', user_id: 'auth0|6f1c0e2a9b8d7c6e5f4a3b2c' },
    };
    expect(sanitizeValue(value)).toEqual(value);
  });
});

describe('an entry with several name-like keys, as a registry listing writes one', () => {
  const entry = (hidden: string) => [
    { name: 'AutoAdminLogon', type: 'REG_SZ', data: '1' },
    { name: 'DefaultUserName', type: 'REG_SZ', data: 'kiosk' },
    { name: 'DefaultPassword', type: 'REG_SZ', data: hidden },
  ];

  it('redacts the value the secret-named key names, whichever name-like key follows it, as data and as text', () => {
    fc.assert(
      fc.property(secret, fc.constantFrom('data', 'value', 'Data'), (hidden, valueKey) => {
        const values = entry(hidden).map(({ name, type, data }) => ({ name, type, [valueKey]: data }));
        expect(json({ values })).not.toContain(hidden);
        // the same listing returned as text: JSON, and YAML
        expect(json(JSON.stringify(values))).not.toContain(hidden);
        const yaml = values.map(
          (value) => `- name: ${value.name}\n  type: REG_SZ\n  ${valueKey}: ${value[valueKey]}`,
        );
        expect(json(yaml.join('\n'))).not.toContain(hidden);
      }),
    );
  });

  it("keeps the other entries' values, and does not carry a name into the next entry", () => {
    const values = entry('Winter!2026x');
    const out = json(JSON.stringify(values));
    expect(out).toContain('kiosk');
    // a secret's name with no value of its own says nothing about the entry after it
    const apart = JSON.stringify([
      { name: 'DB_PASSWORD', enabled: true },
      { type: 'gauge', value: 'b2hJk9qX' },
    ]);
    expect(json(apart)).toContain('b2hJk9qX');
    expect(json({ name: 'orders', type: 'table', data: 'shipped' })).toContain('shipped');
    // a value SOPS encrypted holds `data:` as a part of its own, under whatever key
    const sops = 'secretTemplates:\n-   name: ENC[AES256_GCM,data:W3PiZ6lD6bpfAdI=,iv:2qF98Zk=,type:str]';
    expect(json(sops)).toBe(JSON.stringify(sops));
  });
});

describe('fields of password managers and cluster configs in returned data', () => {
  it("redacts a 1Password item's concealed field and an account key named inside a longer key", () => {
    fc.assert(
      fc.property(secret, (hidden) => {
        const item = {
          category: 'LOGIN',
          fields: [
            { id: 'username', type: 'STRING', label: 'username', value: 'root@example.com' },
            { id: 'password', type: 'CONCEALED', purpose: 'PASSWORD', label: 'password', value: hidden },
          ],
        };
        const cluster = { spark_conf: { 'fs.azure.account.key.lake1.dfs.core.windows.net': `${hidden}==` } };
        expect(json(item)).not.toContain(hidden);
        expect(json(item)).toContain('root@example.com');
        expect(json(cluster)).not.toContain(hidden);
      }),
    );
  });
});

describe('numbers under secret names in returned data', () => {
  it('keeps a count or a time, and redacts a long run of digits under a name that says it is secret', () => {
    expect(sanitizeValue({ session_count: '12', last_login: '2026-09-01T16:57:00Z' })).toEqual({
      session_count: '12',
      last_login: '2026-09-01T16:57:00Z',
    });
    expect(json({ client_secret: '83927401928374' })).not.toContain('83927401928374');
  });
});

describe('a name/value entry at the head of a result too large to copy whole', () => {
  it('is judged by the fields the copy holds, and its value redacted', async () => {
    const { createDispatcher, defineTool, silentLogger } = await import('../../src/index.js');
    const { z } = await import('zod');
    const huge: Record<string, string> = { name: 'DB_PASSWORD', value: 'Pw7-kR2vQx9mTe' };
    for (let index = 0; index < 300_000; index++) huge[`field_${index}`] = `filler ${index}`;
    const dispatcher = createDispatcher({
      tools: [defineTool({ name: 'dump', description: 'd', input: z.object({}), run: () => huge })],
      logger: silentLogger,
    });
    const message = await dispatcher.dispatch({ id: 'c', name: 'dump', arguments: {} });
    expect(message.content).not.toContain('Pw7-kR2vQx9mTe');
    expect(message.content).toContain('DB_PASSWORD');
    expect(message.content).toContain('filler 1');
    expect(message.content.length).toBeLessThan(40_000);
  });
});
