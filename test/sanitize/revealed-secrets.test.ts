import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret } from '../helpers/seeded-secrets.js';

const secretName = fc.constantFrom(
  'DB_PASSWORD',
  'API_TOKEN',
  'STRIPE_SECRET_KEY',
  'admin-password',
  'client_secret',
);
/** Commands that print a secret, each with the name it prints. */
const revealing = secretName.chain((name) =>
  fc.constantFrom(
    `kubectl get secret app -n prod -o jsonpath='{.data.${name}}' | base64 --decode`,
    `kubectl get secret app -o jsonpath="{.data.${name}}"`,
    `vault kv get -field=${name} secret/app`,
    `aws secretsmanager get-secret-value --secret-id ${name} --query SecretString --output text`,
    `gcloud secrets versions access latest --secret=${name}`,
    `op read op://Prod/app/${name}`,
    `pass show prod/${name}`,
    `echo $${name}`,
    `echo "\${${name}}"`,
    `printenv ${name}`,
    `cat /run/secrets/${name}`,
    `terraform output -raw ${name}`,
    'openssl rand -base64 24',
  ),
);
const prompt = fc.constantFrom('$ ', '# ', 'PS> ', 'ci@runner:~$ ', '');
const lineBreak = fc.constantFrom('\n', '\r\n', '\n\n');
const printed = seededSecret(PASSWORD_ALPHABET, 'Pw7', 7, 37);

describe('a secret printed by the command on the line before it', () => {
  it('is redacted, and the command line stays', () => {
    fc.assert(
      fc.property(prompt, revealing, lineBreak, printed, (before, command, newline, value) => {
        const transcript = `${before}${command}${newline}${value}${newline}${before}`;
        const out = String(sanitizeValue(transcript));
        expect(out, transcript).not.toContain(value);
        expect(out, transcript).toContain(command.slice(0, command.indexOf(' ')));
      }),
    );
  });

  it('is redacted when the transcript sits in a JSON string', () => {
    const transcript = JSON.stringify({
      stdout: '$ vault kv get -field=password secret/db\nHunter2-Vault-99\n',
    });
    expect(JSON.stringify(sanitizeValue(JSON.parse(transcript)))).not.toContain('Hunter2-Vault-99');
    expect(String(sanitizeValue(transcript))).not.toContain('Hunter2-Vault-99');
  });

  it('stays when the command prints something that is not a secret, or the output is a table or a placeholder', () => {
    for (const transcript of [
      '$ cat README.md\nHello-world-2024',
      '$ echo $HOME\n/home/runner',
      '$ printenv NODE_ENV\nproduction',
      '$ kubectl get secrets\nNAME   TYPE     DATA   AGE',
      '$ vault kv get -field=password secret/db\nnull',
      '$ echo $API_TOKEN\n<your-token>',
    ]) {
      expect(sanitizeValue(transcript), transcript).toBe(transcript);
    }
  });
});
