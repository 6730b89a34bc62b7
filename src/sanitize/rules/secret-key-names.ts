/*
 * Key names that announce a credential, as data. The provider names are those of gitleaks'
 * keyword-anchored rules (MIT, Copyright (c) 2019 Zachary Rice; see token-formats.ts and
 * NOTICE.md), checked against config/gitleaks.toml at commit b58d3f1.
 */

/**
 * How strongly a key name announces a secret. `password`: a password, passphrase or PIN.
 * `explicit`: a name that says outright that its value is a secret (`secret`, `api_key`,
 * `client_secret`, `access_token`, `private_key`, `credentials`), so a short or plain value under
 * it is still one. `secret`: a word that often, not always, holds one (`key`, `auth`, `session`,
 * `cookie`, `signature`). `provider-secret`: a provider's name with a word that names a secret
 * outright (`asana_token`, `STRIPE_SECRET_KEY`), the strongest sign. `provider`: a provider's
 * name alone or with a weaker word (`stripe`, `sumologic.accessId`, `SUMO_KEY`).
 */
export type KeyStrength = 'password' | 'explicit' | 'provider-secret' | 'secret' | 'provider' | 'none';

/**
 * "Token", "secret key" and "access key" in other languages, as logs and configuration write them
 * (accents dropped: `Zugangsschlüssel` → `zugangsschlussel`). Each names a secret outright.
 */
const OTHER_LANGUAGE_SECRET_WORDS = [
  'jeton',
  'zugangsschlussel',
  'zugangstoken',
  'geheimschlussel',
  'apischlussel',
  // Spanish `clave` is a key, and in Latin America the usual word for a password
  'clave',
  '令牌',
  '密钥',
  '秘钥',
  '密鑰',
  '金鑰',
  'トークン',
  'シークレット',
  '토큰',
  '비밀키',
  // Russian, Ukrainian and Bulgarian `токен`
  'токен',
  // Chinese "token" as Taiwan and Hong Kong write it
  '權杖',
  '权杖',
];

/** Words of a key name (after splitting camelCase, snake_case, kebab-case and dots) that name a secret. */
const SECRET_PARTS = new Set([
  'secret',
  'secrets',
  'token',
  'tokens',
  'apikey',
  'apikeys',
  'auth',
  'authorization',
  'authtoken',
  'credential',
  'credentials',
  'creds',
  'cred',
  'cookie',
  'cookies',
  // Duo's `skey`, the secret key beside the integration key `ikey`
  'skey',
  'session',
  'sessionid',
  'sid',
  'dsn',
  'privatekey',
  'accesskey',
  'secretkey',
  'clientsecret',
  'bearer',
  'jwt',
  'signature',
  'salt',
  'apitoken',
  'accesstoken',
  'refreshtoken',
  'connectionstring',
  'connstr',
  'key',
  'keys',
  'pat',
  // URL signatures (Azure SAS `sig=`) and session cookies under their framework names
  'sig',
  'sas',
  'sastoken',
  'sessid',
  'phpsessid',
  'jsessionid',
  'aspxauth',
  'sessiontoken',
  // a message's keyed hash, as signed webhooks and shop callbacks send it: `hmac=…`
  'hmac',
  // a cluster's gossip key (Consul's `encrypt = "…"`); `encrypt: true` is no secret's shape
  'encrypt',
  // a Kerberos key table: the principal's long-term keys (`KRB5_KEYTAB_B64`)
  'keytab',
  ...OTHER_LANGUAGE_SECRET_WORDS,
]);

/** The password words that, before a last `key`, name where a password is kept (see keyStrength). */
const PASSWORD_KEY_WORDS = new Set(['password', 'passwd', 'pwd']);
/** What a Helm chart's `<x>SecretKey` may name the key of, in a Secret that exists already. */
const SECRET_KEY_HOLDS = new Set([...PASSWORD_KEY_WORDS, 'user', 'username']);

/** Words that name a password: the value is a secret even when it is short or a plain word. */
const PASSWORD_PARTS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'passcode',
  'pin',
  'pw',
  'cleartextpassword',
  // net-snmp's community lines (`rocommunity6` is read as `rocommunity`)
  'rocommunity',
  'rwcommunity',
  // server directives and keystore options: redis's `requirepass` and `masterauth`, sssd's
  // `ldap_default_authtok`, keytool's `-storepass` and `-keypass`
  'requirepass',
  'masterauth',
  'authtok',
  'storepass',
  'keypass',
  // Wi-Fi and IPsec pre-shared keys: wpa_supplicant's `psk="…"`, ipsec.secrets' `: PSK "…"`
  'psk',
  'presharedkey',
  // "password" in other languages, as configuration and logs write it (key names are read in
  // ASCII, so `contrasena` but not `contraseña`)
  'passwort',
  'kennwort',
  'contrasena',
  'senha',
  'wachtwoord',
  'haslo',
  'lozinka',
  'salasana',
  'losenord',
  'passord',
  'adgangskode',
  'parola',
  'heslo',
  'jelszo',
  'sifre',
  // Lithuanian, Latvian, Estonian, Catalan, Basque, Icelandic and Swahili
  'slaptazodis',
  'parole',
  'parool',
  'salasona',
  'contrasenya',
  'pasahitza',
  'lykilorð',
  'nenosiri',
  // Uzbek and Azerbaijani, Afrikaans, Welsh, Zulu, Slovenian, Albanian and Georgian
  'parol',
  'wagwoord',
  'cyfrinair',
  'iphasiwedi',
  'geslo',
  'fjalekalimi',
  'პაროლი',
  // spellings outside the Latin alphabet, as keys in those languages' configuration write them
  // (Latin ones lose their accents first: `contraseña`, `hasło`, `lösenord`, `şifre`)
  'пароль',
  'парола',
  'лозинка',
  'κωδικός',
  'κωδικος',
  '密码',
  '密碼',
  'パスワード',
  '비밀번호',
  '口令',
  'סיסמה',
  'סיסמא',
  // with the article or bound to what it opens: `הסיסמה`, `סיסמת המשתמש`
  'הסיסמה',
  'הסיסמא',
  'סיסמת',
  // and after a prefix letter: `והסיסמה` ("and the password"), `שהסיסמה`, `לסיסמה`, `בסיסמה`
  'והסיסמה',
  'והסיסמא',
  'שהסיסמה',
  'וסיסמה',
  'לסיסמה',
  'בסיסמה',
  'รหัสผ่าน',
  'كلمةالمرور',
  'पासवर्ड',
  'পাসওয়ার্ড',
  'கடவுச்சொல்',
]);

/**
 * Stems of "password" in languages that inflect it, as key words spell them once their accents are
 * gone: Turkish `parolanız`, `şifreniz`; Polish `hasła`, `hasłem`; Russian `пароля`; Czech `hesla`;
 * Finnish `salasanan`. A word is one of them when it starts with a stem and adds four letters at most.
 */
const INFLECTED_PASSWORD_STEMS = [
  'parola',
  'sifre',
  'hasl',
  'hesl',
  'jelsz',
  'salasan',
  'lozink',
  'losenord',
  'passord',
  'passwort',
  'kennwort',
  'wachtwoord',
  'contrasena',
  'senha',
  'adgangskode',
  'slaptazod',
  'parool',
  'sifrə',
  'gesl',
  'fjalekalim',
  'wagwoord',
  'cyfrinair',
  'phasiwedi',
  'პაროლ',
  'salason',
  'contrasenya',
  'pasahitz',
  'lykilorð',
  'парол',
  'лозинк',
];

/** Whether a key word is an inflected form of "password" in another language (see {@link INFLECTED_PASSWORD_STEMS}). */
function isInflectedPassword(part: string): boolean {
  for (const stem of INFLECTED_PASSWORD_STEMS) {
    if (part.startsWith(stem) && part.length <= stem.length + 4) return true;
  }
  return false;
}

/**
 * A word that joins what the password is for to `pass` or `pwd`: offlineimap's `remotepass`,
 * Joomla's `smtppass`, `dbpwd`, `rootpass`, nslcd's `bindpw`. English words and signal filters end
 * in `pass` too.
 */
function endsWithPass(part: string): boolean {
  if (part.length >= 5 && part.endsWith('pwd')) return true;
  // `pw` is too short to join any word to: only what a directory or a server names a password by
  if (part.endsWith('pw') && JOINED_PW.test(part)) return true;
  return part.length >= 6 && part.endsWith('pass') && !PASS_WORDS.test(part);
}

/** nslcd's and OpenLDAP's `bindpw` and `rootpw`, kamctlrc's `DBRWPW` and `DBROOTPW`, and the like. */
const JOINED_PW =
  /^(?:bind|root|master|admin|db|user|smtp|ldap|mail|ftp|sql|mysql|redis|auth|login|dbrw|dbro|dbroot|rw|ro)pw$/;

const PASS_WORDS =
  /(?:by|com|over|under|tres|sur|multi|single|first|second|one|two|render|sub|high|low|band|all|notch)pass$/;

/**
 * Chinese, Japanese and Korean write no break between words, so a key such as `数据库密码`
 * ("database password") is one word that ends in the word for password.
 */
function endsWithEastAsianPassword(part: string): boolean {
  for (const word of EAST_ASIAN_PASSWORD_WORDS)
    if (part.length > word.length && part.endsWith(word)) return true;
  // Thai sets no blank between words either, and puts what the password is for after it:
  // `รหัสผ่านเข้าระบบ` ("password to enter the system")
  return part.startsWith(THAI_PASSWORD) && part.length <= THAI_PASSWORD.length + 24;
}

const THAI_PASSWORD = 'รหัสผ่าน';

const EAST_ASIAN_PASSWORD_WORDS = ['密码', '密碼', '口令', 'パスワード', '비밀번호'];

/**
 * "Password" written in several words, joined: Arabic `كلمة المرور` (`كلمة مرور` before the noun it
 * belongs to) and `كلمة السر`, with or
 * without `و` ("and") before, Persian `رمز عبور`, French `mot de passe` (`mot_de_passe`,
 * `motDePasse`), Vietnamese `mật khẩu`, Indonesian `kata sandi`, Kazakh `құпия сөз` (its
 * `құпия` read as `secret`), Mongolian `нууц үг`, Hausa `kalmar sirri`, and Khmer and Burmese,
 * which write it glued to the words around it.
 */
const OTHER_LANGUAGE_PASSWORD_JOINED =
  /كلمةالمرور|كلمةمرور|كلمةالسر|رمزعبور|motdepasse|matkhau|katasandi|katalaluan|پاسورڈ|የይለፍቃል|secretсөз|нууцүг|kalmarsirri|ពាក្យសម្ងាត់|စကားဝှက်/;

/**
 * Joined spellings that name a wallet's recovery words (`mnemonic`, `seed_phrase`, `Secret
 * Recovery Phrase`): whoever has them has the wallet, so they count as a password.
 */
const RECOVERY_PHRASE_JOINED =
  /mnemonic|seedphrase|seedwords|recoveryphrase|recoverywords|backupphrase|secretphrase|frasesemilla|frasederecuperacion|frasederecuperacao|frasedirecupero|phrasederecuperation|wiederherstellungsphrase/;

/**
 * An SNMP community, which is SNMP's password: `snmp_community`, `snmp-server community`,
 * `community_string`. A `community` alone is a group of people.
 */
function namesSnmpCommunity(parts: readonly string[], joined: string): boolean {
  return joined.includes('community') && (joined.includes('snmp') || parts.at(-1) === 'string');
}

/**
 * Joined (lower-case, separator-free) spellings that announce a secret across word parts; `keyapi`
 * is "API key" in the languages that put the noun first (Malay `kunci API`, Persian `کلید API`).
 */
const SECRET_JOINED =
  /password|passwd|passphrase|secret|apikey|clientkeydata|accountkey|accesskey|privatekey|secretkey|signingkey|encryptionkey|connectionstring|authkey|sessionkey|sessid|sessionid|sessiontoken|aspxauth|authcookie|remembertoken|^keyapi$/;

/** Words anywhere in a key name that make it public or a description: `publicToken`, `csrf_token`. */
const HARMLESS_ANY_PARTS = new Set([
  'public',
  'publishable',
  'csrf',
  'xsrf',
  'authenticity', // Rails' CSRF token
  'example',
  'sample',
  'placeholder',
]);

/** Provider names whose keys hold that provider's credentials (gitleaks' keyword rules). */
const PROVIDER_PARTS = new Set([
  'adafruit',
  'adobe',
  'airtable',
  'algolia',
  'alibaba',
  'anthropic',
  'artifactory',
  'asana',
  'atlassian',
  'aws',
  'azure',
  'beamer',
  'bintray',
  'bitbucket',
  'bittrex',
  'clickhouse',
  'clojars',
  'cloudflare',
  'codecov',
  'cohere',
  'coinbase',
  'confluence',
  'confluent',
  'contentful',
  'contribsys',
  'datadog',
  'digitalocean',
  'discord',
  'dnkey',
  'doppler',
  'droneci',
  'dropbox',
  'duffel',
  'dynatrace',
  'easypost',
  'etsy',
  'facebook',
  'fastly',
  'finicity',
  'finnhub',
  'flickr',
  'flutterwave',
  'frameio',
  'freshbooks',
  'gcp',
  'github',
  'gitlab',
  'gitter',
  'gocardless',
  'grafana',
  'harness',
  'heroku',
  'honeycomb',
  'hubspot',
  'huggingface',
  'intercom',
  'intra42',
  'jfrog',
  'jira',
  'kraken',
  'kucoin',
  'launchdarkly',
  'linear',
  'linkedin',
  'lob',
  'mailchimp',
  'mailgun',
  'mapbox',
  'mattermost',
  'meraki',
  'messagebird',
  'netlify',
  'newrelic',
  'npm',
  'nuget',
  'nytimes',
  'okta',
  'openai',
  'plaid',
  'planetscale',
  'postman',
  'prefect',
  'privateai',
  'pulumi',
  'pypi',
  'rapidapi',
  'rubygems',
  'scalingo',
  'sendbird',
  'sendgrid',
  'sendinblue',
  'sentry',
  'shippo',
  'shopify',
  'sidekiq',
  'slack',
  'snyk',
  'sonar',
  'sourcegraph',
  'square',
  'squarespace',
  'stripe',
  'sumo',
  'sumologic',
  'telegram',
  'travis',
  'twilio',
  'twitch',
  'twitter',
  'typeform',
  'vault',
  'xray',
  'yandex',
  'zendesk',
]);

/** Joined spellings of multi-word provider names. */
const PROVIDER_JOINED =
  /newrelic|messagebird|linkedin|cohere|coapikey|contribsys|privateai|huggingface|sumologic|digitalocean|planetscale/;

/**
 * Last words of a key name that describe a secret rather than hold one: `token_type`,
 * `password_hint`, `secret_name`, `api_key_id`, `session_timeout`.
 */
const HARMLESS_LAST_PARTS = new Set([
  // the variable that will hold the secret (Jenkins' `passwordVariable: 'NEXUS_PW'`)
  'variable',
  'type',
  'types',
  'url',
  'uri',
  'urls',
  'at',
  'count',
  'counts',
  'length',
  'len',
  'limit',
  'limits',
  'policy',
  'expiry',
  'expires',
  'expiration',
  'exp',
  'in',
  'ttl',
  'hint',
  'label',
  'format',
  'size',
  'header',
  'name',
  'names',
  'field',
  'fields',
  'reset',
  'required',
  'strength',
  'prompt',
  'usage',
  'used',
  'budget',
  'max',
  'min',
  'rotation',
  'rotated',
  'created',
  'updated',
  'manager',
  'endpoint',
  'path',
  'file',
  'files',
  'id',
  'ids',
  'timeout',
  'version',
  'enabled',
  'disabled',
  'mode',
  'status',
  'state',
  'scope',
  'scopes',
  'method',
  'methods',
  'provider',
  'kind',
  'algorithm',
  'alg',
  'store',
  'vault',
  'ref',
  'index',
  'idx',
  'date',
  'time',
  'location',
  'region',
  'domain',
  'issuer',
  'audience',
  'error',
  'message',
  'description',
  'placeholder',
  'pattern',
  'regex',
  'rule',
  'rules',
  'valid',
  'set',
  'present',
  'exists',
  'changed',
  'is',
  'has',
  'only',
  'board',
  'code',
  'press',
  'pressed',
  'word',
  'source',
  'sources',
  // the program that fetches the secret (`credential.helper`), or a choice about it (`cookie_consent`)
  'helper',
  'helpers',
  'consent',
  'consents',
  // a part or a trace of a secret, shown to tell one from another: `api_key_last4`, `token_prefix`
  'last',
  'four',
  'first',
  'prefix',
  'suffix',
  'preview',
  'fingerprint',
  'masked',
  'redacted',
  'digest',
]);

/** Words before `key` that make it a database or UI key rather than a credential. */
const HARMLESS_KEY_QUALIFIERS = new Set([
  // the public half that checks a signature (Discord's `verify_key`)
  'verify',
  'verifying',
  'verification',
  'primary',
  'foreign',
  'public',
  'pub',
  'sort',
  'partition',
  'idempotency',
  'cache',
  'lookup',
  'map',
  'hash',
  'row',
  'composite',
  'unique',
  'natural',
  'bucket',
  'schema',
  'sequence',
  'hot',
  'object',
  'translation',
  'i18n',
  'react',
  'list',
  'dedupe',
  'dedup',
  'routing',
  'shard',
  'group',
  'message',
  'event',
  'table',
  'column',
  'field',
  'config',
  'setting',
  'settings',
  'registry',
  'storage',
  'product',
  'feature',
  'flag',
  'short',
  'label',
  'sort',
]);

/** Words that name a secret outright, whatever stands around them. */
const EXPLICIT_PARTS = new Set([
  'secret',
  'secrets',
  'apikey',
  'apikeys',
  'apitoken',
  'accesstoken',
  'refreshtoken',
  'authtoken',
  'bottoken',
  'sessiontoken',
  'clientsecret',
  'secretkey',
  'privatekey',
  'accesskey',
  'credential',
  'credentials',
  'creds',
  'keytab',
  ...OTHER_LANGUAGE_SECRET_WORDS,
]);

/** Words before `key` that make it a secret key: `api_key`, `signing_key`, `APP_KEY`, `x-api-key`. */
const EXPLICIT_KEY_QUALIFIERS = new Set([
  // network devices' shared secrets: `crypto isakmp key X`, `tacacs-server key X`, `radius-server key X`
  'isakmp',
  'tacacs',
  'radius',
  'api',
  'license',
  'licence',
  'access',
  'secret',
  'private',
  'signing',
  'sign',
  'encryption',
  'encrypt',
  'master',
  'app',
  'client',
  'consumer',
  'service',
  'account',
  'shared',
  'hmac',
  'webhook',
  'jwt',
  'crypto',
  'cipher',
  'aes',
  'ssh',
  'deploy',
  'root',
  'admin',
  'ingest',
  'ingestion',
  'subscription',
  'secure',
  'auth',
]);

/**
 * Words before `token` that make it something other than a credential: pagination and
 * idempotency tokens (`next_token`, `ClientToken`, `CancellationToken`) and a language model's
 * tokens (`max_tokens`, `eos_token`).
 */
const ORDINARY_TOKEN_QUALIFIERS = new Set([
  'next',
  'page',
  'continuation',
  'continue',
  'pagination',
  'cursor',
  'sync',
  'resume',
  'resumption',
  'cancellation',
  'cancel',
  'idempotency',
  'client',
  'request',
  'lexer',
  'parse',
  'parser',
  'bos',
  'eos',
  'pad',
  'unk',
  'mask',
  'sep',
  'cls',
  'special',
  'max',
  'min',
  'total',
  'prompt',
  'completion',
  'input',
  'output',
  'num',
  'stop',
  'end',
  'start',
  'reasoning',
  'cached',
  'cache',
  'vocab',
  'word',
  'image',
  'audio',
]);

/** Joined spellings that name a secret outright; `secretary` and `secretariat` are words of their own. */
const EXPLICIT_JOINED =
  /secret(?!ar)|apikey|clientkeydata|accountkey|accesskey|privatekey|signingkey|encryptionkey|masterkey|authtoken|accesstoken|refreshtoken|apitoken|bottoken|credential/;

/** Whether a key's words name a secret outright (see {@link KeyStrength}). */
function isExplicitSecretName(parts: readonly string[], joined: string): boolean {
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] as string;
    const previous = parts[index - 1] ?? '';
    if (EXPLICIT_PARTS.has(part)) return true;
    if ((part === 'token' || part === 'tokens') && !ORDINARY_TOKEN_QUALIFIERS.has(previous)) return true;
    if ((part === 'key' || part === 'keys') && EXPLICIT_KEY_QUALIFIERS.has(previous)) return true;
    // `tacacs-server key`, `radius-server key`: the qualifier stands before the server
    if (part === 'key' && previous === 'server' && EXPLICIT_KEY_QUALIFIERS.has(parts[index - 2] ?? ''))
      return true;
  }
  return EXPLICIT_JOINED.test(joined);
}

/** A letter outside ASCII (`ñ`, `ł`, `п`, `密`), which a key in another language is made of. */
export function isOtherLetter(code: number): boolean {
  return code >= 0x80 && OTHER_LETTER.test(String.fromCharCode(code));
}

/** A letter, or a mark that is part of one: Devanagari's virama in `पासवर्ड` must not split the word. */
const OTHER_LETTER = /[\p{L}\p{M}]/u;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** A key word without its accents, as ASCII spells it: `contraseña` → `contrasena`, `hasło` → `haslo`. */
function withoutAccents(part: string): string {
  return part
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFC')
    .replaceAll('ł', 'l')
    .replaceAll('ø', 'o');
}

/** Splits `clientSecret`, `CLIENT_SECRET`, `client-secret` and `client.secret` into lower-case words. */
export function keyParts(key: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < key.length; index += 1) {
    const character = key.charAt(index);
    const code = key.charCodeAt(index);
    const isUpper = code >= 65 && code <= 90;
    const isLower = code >= 97 && code <= 122;
    const isDigit = code >= 48 && code <= 57;
    if (!isUpper && !isLower && !isDigit && !isOtherLetter(code)) {
      if (current.length > 0) parts.push(current);
      current = '';
      continue;
    }
    const previous = key.charCodeAt(index - 1);
    const previousIsLower = (previous >= 97 && previous <= 122) || (previous >= 48 && previous <= 57);
    const nextCode = key.charCodeAt(index + 1);
    const previousIsUpper = previous >= 65 && previous <= 90;
    const startsWord = previousIsUpper && nextCode >= 97 && nextCode <= 122; // the T of ETSYToken
    if (isUpper && (previousIsLower || startsWord) && current.length > 0) {
      parts.push(current);
      current = '';
    }
    current += character.toLowerCase();
  }
  if (current.length > 0) parts.push(current);
  // `token1`, `password2`: a numbered key is still the key; but `pw7` and `db2` keep their digits,
  // or the start of a password such as `Pw7KCs…` would read as a key name
  return parts.flatMap((part) => {
    const bare = part.replace(/\d+$/, '');
    const word = bare.length > 2 ? bare : part;
    // a word glued to `token` is two words, as `next_token` and `target_token` are: Moodle's
    // `wstoken`, SWUpdate's `targettoken`, Django's `csrftoken`
    if (word.length >= 7 && word.endsWith('token') && ASCII_ONLY.test(word) && !NAMED_FOR_TOKENS.has(word))
      return [IN_ENGLISH.get(word.slice(0, -5)) ?? word.slice(0, -5), 'token'];
    if (ASCII_ONLY.test(word)) return IN_ENGLISH.get(word) ?? word;
    const plain = withoutAccents(word);
    return IN_ENGLISH.get(plain) ?? plain;
  });
}

/** Names glued to `token` that name a library or a format, not a key: `io.jsonwebtoken`, npm's `jsonwebtoken`. */
const NAMED_FOR_TOKENS = new Set(['jsonwebtoken']);

/**
 * Words for "key" and "secret" in other languages, read as the English word, so that the words
 * around them decide as they do around `key` (`API 키`, `API-ключ` and `секретный ключ` name
 * a secret; `первичный ключ`, a primary key, does not).
 */
const IN_ENGLISH = new Map([
  ['키', 'key'],
  ['시크릿', 'secret'],
  ['ключ', 'key'],
  ['ключа', 'key'],
  ['ключом', 'key'],
  ['секретный', 'secret'],
  ['секретного', 'secret'],
  ['секретным', 'secret'],
  // Kazakh, Malay and Indonesian, Persian: `құпия кілт`, `kunci rahsia`, `کلید API`
  ['кілт', 'key'],
  ['кілті', 'key'],
  ['құпия', 'secret'],
  ['kunci', 'key'],
  ['rahsia', 'secret'],
  ['rahasia', 'secret'],
  ['کلید', 'key'],
  // Turkish and Finnish: `API anahtarı`, `gizli anahtar` (a secret key), `API-avain`
  ['anahtar', 'key'],
  ['anahtarı', 'key'],
  ['anahtarını', 'key'],
  ['gizli', 'secret'],
  ['avain', 'key'],
  ['avaimen', 'key'],
]);

/** The longest key name read as one: a longer "name" is a value or prose. */
export const LONGEST_KEY_NAME = 128;

/**
 * How strongly a key name announces a credential, without regard to case or separator:
 * `password`, `DB_PASSWORD` and `1passwordToken` are passwords; `api_key`, `clientSecret`,
 * `Authorization` and `SESSION` are secrets; `stripe` and `sumologic.accessId` name a provider;
 * `token_type`, `password_hint` and `primary_key` are none.
 */
export function keyStrength(key: string): KeyStrength {
  if (key.length === 0 || key.length > LONGEST_KEY_NAME) return 'none';
  const parts = keyParts(key);
  if (parts.length === 0) return 'none';
  const last = parts[parts.length - 1] as string;
  const joined = parts.join('');
  if (parts.some((part) => HARMLESS_ANY_PARTS.has(part))) return 'none';
  // Helm charts' `existingSecret`, `existingSecretPasswordKey`: names of a secret that exists already
  if (parts[0] === 'existing' && parts.includes('secret')) return 'none';
  // and the key within that secret that holds a password: `secretKeys.adminPasswordKey: postgres-password`,
  // or a user's name or password: MinIO's `rootUserSecretKey: root-user`, `rootPasswordSecretKey`
  if (last === 'key' && PASSWORD_KEY_WORDS.has(parts[parts.length - 2] ?? '')) return 'none';
  if (
    last === 'key' &&
    parts[parts.length - 2] === 'secret' &&
    SECRET_KEY_HOLDS.has(parts[parts.length - 3] ?? '')
  )
    return 'none';
  // `session_id` is the session itself, and so is a `SecretID` (Consul's and Nomad's ACL tokens,
  // Vault's AppRole secret id); `token_id` only names one
  const describesSecret =
    HARMLESS_LAST_PARTS.has(last) &&
    parts.length > 1 &&
    !joined.endsWith('sessionid') &&
    !joined.endsWith('secretid');
  let strength: KeyStrength = 'none';
  for (const part of parts) {
    if (
      PASSWORD_PARTS.has(part) ||
      part.endsWith('password') ||
      part.endsWith('passwd') ||
      endsWithPass(part) ||
      isInflectedPassword(part) ||
      endsWithEastAsianPassword(part)
    ) {
      strength = 'password';
      break;
    }
  }
  // `DB_PASSWORD_SECRET_ID`: the id of the secret in a secrets manager that holds the password
  // (AWS names one `prod/db`), not the password; a secret id alone is one (Vault's AppRole
  // `secret_id`, Consul's `SecretID`)
  if (strength === 'password' && parts.length > 2 && last === 'id' && parts[parts.length - 2] === 'secret')
    return 'none';
  if (
    strength === 'none' &&
    (RECOVERY_PHRASE_JOINED.test(joined) ||
      namesSnmpCommunity(parts, joined) ||
      OTHER_LANGUAGE_PASSWORD_JOINED.test(joined))
  )
    strength = 'password';
  if (strength === 'none') {
    for (let index = 0; index < parts.length; index += 1) {
      const part = parts[index] as string;
      if (!SECRET_PARTS.has(part)) continue;
      if ((part === 'key' || part === 'keys') && HARMLESS_KEY_QUALIFIERS.has(parts[index - 1] ?? ''))
        continue;
      if (part === 'key' && index < parts.length - 1 && !SECRET_PARTS.has(parts[index + 1] ?? '')) {
        // `key_name`, `keyboard`: only a trailing `key` (or `key_secret`) holds the key itself
        continue;
      }
      strength = 'secret';
      break;
    }
    if (strength === 'none' && SECRET_JOINED.test(joined)) strength = 'secret';
  }
  const isProvider = parts.some((part) => PROVIDER_PARTS.has(part)) || PROVIDER_JOINED.test(joined);
  if (strength === 'secret' && isExplicitSecretName(parts, joined)) {
    if (describesSecret) return 'none';
    return isProvider ? 'provider-secret' : 'explicit';
  }
  // `SUMO_KEY`: a provider's name and a weaker secret word together is still a strong sign
  if (strength === 'secret' && isProvider) return describesSecret ? 'none' : 'provider';
  if (strength !== 'none') return describesSecret ? 'none' : strength;
  if (!isProvider) return 'none';
  // `client_id` and `access_id` of a provider are half of its credential pair
  const namesAccessId =
    last === 'id' &&
    (parts.includes('access') ||
      parts.includes('client') ||
      joined.endsWith('accessid') ||
      joined.endsWith('clientid'));
  return describesSecret && !namesAccessId ? 'none' : 'provider';
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** The regular expressions above, for the ReDoS check. */
export const KEY_NAME_PATTERNS: readonly RegExp[] = [
  PASS_WORDS,
  RECOVERY_PHRASE_JOINED,
  OTHER_LANGUAGE_PASSWORD_JOINED,
  SECRET_JOINED,
  PROVIDER_JOINED,
  EXPLICIT_JOINED,
  OTHER_LETTER,
  COMBINING_MARKS,
  ASCII_ONLY,
];
