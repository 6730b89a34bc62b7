import { holds, keywords, keywordsIn, type PatternGate } from '../keyword-gate.js';
import type { Found, LeakRule, LeakSpan } from '../leak-rule.js';
import { closeScan, openScan } from '../scan-memory.js';
import { eachMatch } from '../text-scan.js';
import { connectionStringRule } from './connection-string.js';
import {
  ACCESS_PROSE_GATES,
  ACCESS_PROSE_PATTERNS,
  findAccessPhrases,
  findAuthorizationCodes,
  findRecoveryCodes,
  findTaggedSecrets,
} from './find-access-prose.js';
import { CI_COMMAND_GATES, CI_COMMAND_PATTERNS, findCiCommandSecrets } from './find-ci-commands.js';
import { CREDENTIAL_CALL_PATTERNS, findCredentialCalls } from './find-credential-calls.js';
import {
  BYTE_LIST_OPEN,
  findByteListKeys,
  findEncodedSecrets,
  findHexDumps,
  HEX_DUMP_LINE,
} from './find-encoded-secrets.js';
import {
  findPasswordArguments,
  PASSWORD_ARGUMENT_GATES,
  PASSWORD_ARGUMENT_PATTERNS,
} from './find-password-arguments.js';
import { findPrefixedTokens } from './find-prefixed-tokens.js';
import {
  findKeySecretPairs,
  findMonitoredAuth,
  findProtocolCredentials,
  PROTOCOL_CREDENTIAL_GATES,
  PROTOCOL_CREDENTIAL_PATTERNS,
} from './find-protocol-credentials.js';
import { findRecoveryPhrases, RECOVERY_PHRASE_PATTERNS } from './find-recovery-phrases.js';
import { findRevealedSecrets, REVEALED_SECRET_PATTERNS } from './find-revealed-secrets.js';
import { ASSIGNMENT_PATTERNS, findSecretAssignments, isCredentialValue } from './find-secret-assignments.js';
import { findSqlPasswords, SQL_PASSWORD_GATES, SQL_PASSWORD_PATTERNS } from './find-sql-passwords.js';
import {
  findCommandCredentials,
  findDiscordTokens,
  findInfixTokens,
  findKeyValueAttributes,
  findKubernetesSecretData,
  findNetworkAccountKeys,
  findPasswordDumpHashes,
  findPgpassPasswords,
  findPuttyPrivateLines,
  findRegistryValues,
  findSchemedPasswords,
  findSessionStoreKeys,
  STRUCTURED_GATES,
  STRUCTURED_PATTERNS,
} from './find-structured-credentials.js';
import {
  findHtmlCellSecrets,
  findHtmlTableSecrets,
  findTableSecrets,
  TABLE_GATES,
  TABLE_PATTERNS,
} from './find-table-secrets.js';
import { PLACEHOLDER_PATTERNS } from './placeholders.js';
import { PLAIN_SECRET_PATTERNS } from './plain-secret-values.js';
import { KEY_NAME_PATTERNS } from './secret-key-names.js';

/** The opening of a PEM block; the code checks that it is a private key. */
const PEM_BEGIN = /-----BEGIN /g;
const PEM_WORDS = keywords('-----begin ');
const PEM_PRIVATE_HEADER =
  /^-----BEGIN (?:[A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?|OpenVPN Static key V1|(?:USER|ACCOUNT|OPERATOR) NKEY SEED)-----/;
const PEM_LENGTH = 16_384;
/** A run of base64 as long as key material, not a placeholder's `...` or `<key>`. */
const KEY_MATERIAL = /[A-Za-z0-9+/]{40}/;

function findPrivateKeys(text: string, found: Found): void {
  // The next end marker, searched for again only once a block opens past it: many openings with
  // no end then cost one search in all rather than one each. -1 means none is left.
  let endMarker: number | undefined;
  eachMatch(PEM_BEGIN, text, (match) => {
    const start = match.index;
    if (!PEM_PRIVATE_HEADER.test(text.slice(start, start + 120))) return;
    if (endMarker === undefined || (endMarker !== -1 && endMarker < start))
      endMarker = text.indexOf('-----END ', start);
    let end: number;
    if (endMarker === -1 || endMarker - start > PEM_LENGTH) {
      end = Math.min(text.length, start + PEM_LENGTH);
    } else {
      // a template or an elided body (`...`) between the markers is no key; a short excerpt of
      // one is, however few lines of it are shown
      if (endMarker - start < 96 && !KEY_MATERIAL.test(text.slice(start + 20, endMarker))) return;
      const close = text.indexOf('-----', endMarker + 9);
      end = close === -1 || close - endMarker > 80 ? text.length : close + 5;
    }
    found(start, end);
    return end; // openings inside the block are part of it
  });
}

/** Every finder that reads plain text, in one pass each. */
function findInPlainText(text: string, found: Found): void {
  // a short text is searched once for every finder's words, and a finder whose words it lacks is skipped
  const held = keywordsIn(text);
  findPrefixedTokens(text, found);
  findInfixTokens(text, found, held);
  if (holds(held, PEM_WORDS)) findPrivateKeys(text, found);
  findSecretAssignments(text, found);
  findKeyValueAttributes(text, found, held);
  findRegistryValues(text, found, held);
  findCommandCredentials(text, found, held);
  findKubernetesSecretData(text, found, held);
  findPasswordArguments(text, found, held);
  findTableSecrets(text, found);
  findHtmlCellSecrets(text, found, held);
  findHtmlTableSecrets(text, found, held);
  findRevealedSecrets(text, found);
  findCredentialCalls(text, found);
  findProtocolCredentials(text, found, held);
  findKeySecretPairs(text, found);
  findMonitoredAuth(text, found);
  findSessionStoreKeys(text, found, held);
  findPgpassPasswords(text, found);
  findPasswordDumpHashes(text, found, held);
  findDiscordTokens(text, found);
  findNetworkAccountKeys(text, found, held);
  findPuttyPrivateLines(text, found, held);
  findSchemedPasswords(text, found);
  findAccessPhrases(text, found, held);
  findTaggedSecrets(text, found, held);
  findRecoveryCodes(text, found, held);
  findAuthorizationCodes(text, found, held);
  findSqlPasswords(text, found, held);
  findCiCommandSecrets(text, found, held);
  findByteListKeys(text, found);
  findRecoveryPhrases(text, found);
}

/** Every pattern a finder above is gated on, with its words, for the test that no gate hides a match. */
export const PLAIN_TEXT_GATES: readonly PatternGate[] = [
  [PEM_BEGIN, PEM_WORDS],
  ...PASSWORD_ARGUMENT_GATES,
  ...ACCESS_PROSE_GATES,
  ...STRUCTURED_GATES,
  ...SQL_PASSWORD_GATES,
  ...CI_COMMAND_GATES,
  ...PROTOCOL_CREDENTIAL_GATES,
  ...TABLE_GATES,
];

/** `user:password`, as HTTP Basic auth encodes it: one line, a name, a colon, a random password. */
const USER_PASSWORD_PAIR = /^[\w.@+\\-]{1,64}:([^\s:]{6,128})$/;

function isUserPasswordPair(decoded: string): boolean {
  const pair = USER_PASSWORD_PAIR.exec(decoded);
  return pair !== null && isCredentialValue(pair[1] as string, 'secret');
}

/** Whether decoded base64 text holds a credential or a connection string. */
function decodedLeaks(decoded: string): boolean {
  let leaks = false;
  findInPlainText(decoded, () => {
    leaks = true;
  });
  return leaks || isUserPasswordPair(decoded) || connectionStringRule.find(decoded).length > 0;
}

/** Credentials: provider tokens, private keys, JWTs, auth headers and secret-named assignments. */
export const credentialRule: LeakRule = {
  name: 'credential',
  description:
    'Provider tokens by format (about 200 prefixes after gitleaks: AWS, GitHub, GitLab, Slack, Stripe, OpenAI, Anthropic, Hugging Face, Notion, Sentry, Grafana, ...), JWTs, PEM private keys, Authorization headers, curl -u credentials, password flags of CLI clients (--password X, -storepass X, mysql -pX, redis-cli -a X, sqlcmd -P X, docker login -p X), ConvertTo-SecureString literals, netrc and `key value` lines, passwords and keys quoted in driver and auth log prose, SQL IDENTIFIED BY clauses, CI logging commands that mask or set a secret (::add-mask::, ##vso[task.setsecret], a secret ##vso[task.setvariable]), session cookies, Kubernetes Secret data, values under secret-named keys in every common assignment shape, and base64 runs that decode to any of these. Placeholders (xxxx, XXXX, 0000, EXAMPLE, <your-token>, $VAR templates, ****) pass.',
  patterns: [
    PEM_BEGIN,
    PEM_PRIVATE_HEADER,
    KEY_MATERIAL,
    ...ASSIGNMENT_PATTERNS,
    ...STRUCTURED_PATTERNS,
    ...PLACEHOLDER_PATTERNS,
    ...KEY_NAME_PATTERNS,
    ...PASSWORD_ARGUMENT_PATTERNS,
    ...ACCESS_PROSE_PATTERNS,
    ...PLAIN_SECRET_PATTERNS,
    ...TABLE_PATTERNS,
    ...REVEALED_SECRET_PATTERNS,
    ...CREDENTIAL_CALL_PATTERNS,
    ...PROTOCOL_CREDENTIAL_PATTERNS,
    ...SQL_PASSWORD_PATTERNS,
    ...CI_COMMAND_PATTERNS,
    USER_PASSWORD_PAIR,
    HEX_DUMP_LINE,
    BYTE_LIST_OPEN,
    ...RECOVERY_PHRASE_PATTERNS,
  ],
  find(text) {
    const spans: LeakSpan[] = [];
    const found: Found = (start, end) => {
      if (end > start) spans.push({ rule: 'credential', start, end });
    };
    openScan();
    try {
      findInPlainText(text, found);
      findEncodedSecrets(text, decodedLeaks, found);
      findHexDumps(text, decodedLeaks, found);
    } finally {
      closeScan();
    }
    return spans;
  },
};
