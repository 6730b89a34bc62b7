/*
 * Provider token formats, as data. The prefixes, alphabets and lengths are facts about each
 * provider's tokens; they were checked against the rule list of gitleaks
 * (https://github.com/gitleaks/gitleaks, config/gitleaks.toml at commit b58d3f1 and 009e025) and,
 * where one exists, the provider's own documentation.
 *
 * gitleaks is MIT licensed: Copyright (c) 2019 Zachary Rice. Permission is hereby granted, free of
 * charge, to any person obtaining a copy of this software and associated documentation files (the
 * "Software"), to deal in the Software without restriction, including without limitation the
 * rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the
 * Software, and to permit persons to whom the Software is furnished to do so, subject to the
 * following conditions: The above copyright notice and this permission notice shall be included
 * in all copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS",
 * WITHOUT WARRANTY OF ANY KIND. (The full notice is in ./NOTICE.md.)
 */

/** The alphabet of a token's body after its prefix. */
export type TokenAlphabet =
  | 'alphanumeric'
  | 'alphanumeric-dollar'
  | 'letters'
  | 'upper-alphanumeric'
  | 'hex'
  | 'hex-dash'
  | 'word'
  | 'word-dash'
  | 'word-dash-dot'
  | 'word-dash-dot-equals'
  | 'base64'
  | 'base64-underscore'
  | 'django-secret'
  | 'webhook-path'
  | 'slack'
  | 'authorization';

/** One provider token: a literal prefix, then a body read by hand. */
export interface TokenFormat {
  /** gitleaks-style id of the provider rule, for documentation. */
  id: string;
  /** Literal prefixes, matched case-sensitively at the start of a word unless `ignoreCase`. */
  prefixes: readonly string[];
  alphabet: TokenAlphabet;
  /** Shortest and longest body, in characters. */
  minimumLength: number;
  maximumLength: number;
  /** Least Shannon entropy of the body, in bits per character, when the format needs one. */
  minimumEntropy?: number;
  /** Compare the prefix without regard to case. */
  ignoreCase?: boolean;
  /** A check on the body that the alphabet cannot express. */
  /** Accept bodies of one repeated character, as an all-zero key is still a key. */
  repeatedBodyAllowed?: boolean;
  shape?:
    | 'jwt'
    | 'dollar'
    | 'airtable'
    | 'mixed'
    | 'dotted'
    | 'slack'
    | 'sourcegraph'
    | 'sentry'
    | 'anthropic'
    | 'slack-legacy';
  /** When the prefix matches but the body does not, try no shorter prefix (`sk-ant-…` is not `sk-…`). */
  exclusive?: boolean;
}

const format = (
  id: string,
  prefixes: readonly string[],
  alphabet: TokenAlphabet,
  minimumLength: number,
  maximumLength: number,
  extra: Partial<
    Pick<TokenFormat, 'minimumEntropy' | 'ignoreCase' | 'shape' | 'repeatedBodyAllowed' | 'exclusive'>
  > = {},
): TokenFormat => ({ id, prefixes, alphabet, minimumLength, maximumLength, ...extra });

/** Every prefixed token format the credential rule knows. */
export const TOKEN_FORMATS: readonly TokenFormat[] = [
  format('1password-secret-key', ['A3-'], 'upper-alphanumeric', 30, 40, { minimumEntropy: 3 }),
  format('1password-service-account-token', ['ops_eyJ'], 'base64', 100, 8192),
  format('adobe-client-secret', ['p8e-'], 'alphanumeric', 32, 32, { minimumEntropy: 2 }),
  format('age-secret-key', ['AGE-SECRET-KEY-1'], 'upper-alphanumeric', 58, 58, { repeatedBodyAllowed: true }),
  format('alibaba-access-key-id', ['LTAI'], 'alphanumeric', 20, 20, { minimumEntropy: 2 }),
  format('anthropic-api-key', ['sk-ant-api03-', 'sk-ant-admin01-'], 'word-dash', 95, 95, {
    shape: 'anthropic',
  }),
  format('artifactory-api-key', ['AKCp'], 'alphanumeric', 69, 69, { minimumEntropy: 4 }),
  format('artifactory-reference-token', ['cmVmd'], 'alphanumeric', 59, 59, { minimumEntropy: 4 }),
  format('atlassian-api-token', ['ATATT3'], 'word-dash-dot-equals', 150, 220),
  // access key ids only, as gitleaks lists them: IAM's other unique ids (`AIDA` users, `AROA`
  // roles, `AGPA` groups, `ANPA` policies, ...) name a principal, and `aws sts
  // get-caller-identity` prints one in every answer
  format('aws-access-key', ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T'], 'upper-alphanumeric', 16, 17, {
    minimumEntropy: 2.5,
  }),
  format('aws-bedrock-api-key', ['ABSK'], 'base64', 100, 300, { minimumEntropy: 3 }),
  format('clickhouse-cloud-api-secret-key', ['4b1d'], 'alphanumeric', 38, 38, { minimumEntropy: 3 }),
  format('clojars-api-token', ['CLOJARS_'], 'alphanumeric', 60, 60, { ignoreCase: true }),
  format('cloudflare-origin-ca-key', ['v1.0-'], 'hex-dash', 160, 180),
  format(
    'braintree-access-token',
    ['access_token$production$', 'access_token$sandbox$'],
    'alphanumeric-dollar',
    40,
    64,
    {
      minimumEntropy: 3,
      shape: 'dollar',
    },
  ),
  format('databricks-api-token', ['dapi'], 'hex-dash', 32, 34, { minimumEntropy: 3 }),
  format('digitalocean-token', ['doo_v1_', 'dop_v1_', 'dor_v1_'], 'hex', 64, 64),
  format(
    'discord-webhook',
    ['discord.com/api/webhooks/', 'discordapp.com/api/webhooks/'],
    'webhook-path',
    40,
    200,
  ),
  format(
    'doppler-api-token',
    ['dp.pt.', 'dp.st.', 'dp.ct.', 'dp.sa.', 'dp.scim.', 'dp.audit.'],
    'word-dash-dot',
    40,
    64,
  ),
  // what `django-admin startproject` writes as SECRET_KEY, until someone replaces it
  format('django-insecure-secret-key', ['django-insecure-'], 'django-secret', 40, 80, {
    minimumEntropy: 3.5,
  }),
  format('duffel-api-token', ['duffel_test_', 'duffel_live_'], 'word-dash-dot-equals', 43, 43),
  // Docker Hub personal and organisation access tokens (docs.docker.com, "Access tokens")
  format('docker-hub-access-token', ['dckr_pat_', 'dckr_oat_'], 'word-dash', 24, 64, { minimumEntropy: 3 }),
  format('dynatrace-api-token', ['dt0c01.'], 'word-dash-dot', 89, 89),
  format('easypost-api-token', ['EZAK', 'EZTK'], 'alphanumeric', 54, 54, { minimumEntropy: 2 }),
  format('facebook-page-access-token', ['EAAM', 'EAAC'], 'alphanumeric', 100, 1024, { minimumEntropy: 3.5 }),
  format('square-access-token', ['EAAA', 'sq0atp-', 'sq0csp-'], 'word-dash', 22, 80, { minimumEntropy: 2 }),
  // Figma personal access tokens (figma.com/developers/api, "Access tokens")
  format('figma-access-token', ['figd_'], 'word-dash', 32, 80, { minimumEntropy: 3 }),
  format('flutterwave-key', ['FLWSECK_TEST-', 'FLWPUBK_TEST-', 'FLWSECK-', 'FLWPUBK-'], 'word-dash', 12, 40),
  // NATS nkey seeds: `S`, the key's type (user, account, operator), then base32
  format('nats-nkey-seed', ['SU', 'SA', 'SO'], 'upper-alphanumeric', 56, 56, { minimumEntropy: 3.5 }),
  // a server-side SDK key is `sdk-` and a UUID; mobile (`mob-`) and client-side ids are public
  format('launchdarkly-sdk-key', ['sdk-'], 'hex-dash', 36, 36, { minimumEntropy: 3 }),
  format('flyio-access-token', ['fo1_'], 'word-dash', 43, 43, { minimumEntropy: 3 }),
  format('flyio-macaroon', ['fm1a_', 'fm1r_', 'fm2_'], 'authorization', 100, 8192, { minimumEntropy: 3 }),
  format('frameio-api-token', ['fio-u-'], 'word-dash-dot-equals', 64, 64),
  format('gcp-api-key', ['AIza'], 'word-dash', 35, 35, { minimumEntropy: 3 }),
  format('google-oauth-access-token', ['ya29.'], 'word-dash-dot', 20, 2048),
  // Google OAuth refresh tokens start `1//0` (developers.google.com/identity/protocols/oauth2)
  format('google-oauth-refresh-token', ['1//0'], 'word-dash', 40, 1024, { minimumEntropy: 3 }),
  format('google-oauth-client-secret', ['GOCSPX-'], 'word-dash', 20, 64),
  format('github-token', ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], 'alphanumeric', 30, 255, {
    minimumEntropy: 3,
  }),
  format('github-fine-grained-pat', ['github_pat_'], 'word', 60, 255, { minimumEntropy: 3 }),
  format(
    'gitlab-token',
    [
      'glpat-',
      'gldt-',
      'glcbt-',
      'glffct-',
      'glft-',
      'glimt-',
      'glagent-',
      'gloas-',
      'glptt-',
      'glrt-',
      'glsoat-',
    ],
    'word-dash-dot',
    20,
    300,
    { minimumEntropy: 3 },
  ),
  format('gitlab-runner-registration-token', ['GR1348941'], 'word-dash', 20, 20, { minimumEntropy: 3 }),
  format('gitlab-session-cookie', ['_gitlab_session='], 'alphanumeric', 32, 32),
  format('grafana-api-key', ['eyJrIjoi'], 'base64', 70, 400, { minimumEntropy: 3 }),
  format('grafana-cloud-api-token', ['glc_'], 'base64', 32, 400, { minimumEntropy: 3 }),
  format('grafana-service-account-token', ['glsa_'], 'word', 41, 41, { minimumEntropy: 3 }),
  format('harness-api-key', ['pat.', 'sat.'], 'word-dash-dot', 66, 70, { shape: 'dotted' }),
  format('heroku-api-key-v2', ['HRKU-AA'], 'word-dash', 58, 58, { minimumEntropy: 3 }),
  // Honeycomb's ingest keys (`hcaik_`, `hcxik_` in classic environments) and management keys
  // (`hcamk_`, `hcxmk_`), per its API keys documentation; not in gitleaks' list
  format('honeycomb-api-key', ['hcaik_', 'hcxik_', 'hcamk_', 'hcxmk_'], 'alphanumeric', 20, 80, {
    minimumEntropy: 3,
  }),
  format('huggingface-access-token', ['hf_'], 'alphanumeric', 34, 37, {
    minimumEntropy: 2.5,
    shape: 'mixed',
  }),
  format('huggingface-organization-api-token', ['api_org_'], 'alphanumeric', 34, 37, {
    minimumEntropy: 2.5,
    shape: 'mixed',
  }),
  format('infracost-api-token', ['ico-'], 'alphanumeric', 32, 32, { minimumEntropy: 3 }),
  format('intra42-client-secret', ['s-s4t2ud-', 's-s4t2af-'], 'hex', 64, 64),
  format('jwt', ['eyJ'], 'word-dash-dot', 16, 16_384, { shape: 'jwt' }),
  format('linear-api-key', ['lin_api_'], 'alphanumeric', 40, 40),
  format('mailgun-key', ['key-', 'pubkey-'], 'hex', 32, 32, { minimumEntropy: 3 }),
  format('mapbox-secret-token', ['sk.eyJ', 'pk.eyJ', 'tk.eyJ'], 'word-dash-dot', 60, 300),
  format('microsoft-teams-webhook', ['webhook.office.com/webhookb2/', 'webhookb2/'], 'webhook-path', 60, 400),
  format('new-relic-key', ['NRJS-', 'NRII-', 'NRAK-', 'NRAA-'], 'word-dash', 19, 40),
  format('notion-api-token', ['ntn_', 'secret_'], 'alphanumeric', 43, 50, {
    minimumEntropy: 3.5,
    shape: 'mixed',
  }),
  format('npm-access-token', ['npm_'], 'alphanumeric', 36, 36, { minimumEntropy: 2 }),
  format('octopus-deploy-api-key', ['API-'], 'upper-alphanumeric', 26, 26, { minimumEntropy: 3 }),
  format('openai-api-key', ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-'], 'word-dash', 20, 255, {
    shape: 'mixed',
    minimumEntropy: 3,
  }),
  format('openshift-user-token', ['sha256~'], 'word-dash', 43, 43, { minimumEntropy: 3 }),
  format('perplexity-api-key', ['pplx-'], 'alphanumeric', 48, 48, { minimumEntropy: 3.5 }),
  format('planetscale-token', ['pscale_tkn_', 'pscale_oauth_', 'pscale_pw_'], 'word-dash-dot-equals', 32, 64),
  format('postman-api-token', ['PMAK-'], 'hex-dash', 59, 59),
  format('prefect-api-token', ['pnu_'], 'alphanumeric', 36, 36),
  format('pulumi-api-token', ['pul-'], 'hex', 40, 40),
  format('pypi-upload-token', ['pypi-AgEIcHlwaS5vcmc', 'pypi-AgENdGVzdC5weXBpLm9yZw'], 'word-dash', 50, 1000),
  format('readme-api-token', ['rdme_'], 'alphanumeric', 70, 70),
  format('rubygems-api-token', ['rubygems_'], 'hex', 48, 48),
  format('scalingo-api-token', ['tk-us-'], 'word-dash', 48, 48),
  format('sendgrid-api-token', ['SG.'], 'word-dash-dot-equals', 60, 80, { shape: 'dotted' }),
  format('sendinblue-api-token', ['xkeysib-'], 'word-dash', 81, 81),
  format('sentry-org-token', ['sntrys_'], 'base64-underscore', 60, 1024, {
    minimumEntropy: 4,
    shape: 'sentry',
  }),
  format('sentry-user-token', ['sntryu_'], 'hex', 64, 64),
  format('settlemint-token', ['sm_aat_', 'sm_pat_', 'sm_sat_'], 'alphanumeric', 16, 16, {
    minimumEntropy: 3,
  }),
  format('shippo-api-token', ['shippo_live_', 'shippo_test_'], 'hex', 40, 40),
  format('shopify-token', ['shpat_', 'shpca_', 'shppa_', 'shpss_'], 'hex', 32, 32),
  format('slack-token', ['xoxb-', 'xoxp-', 'xoxe-', 'xoxe.xoxb-', 'xoxe.xoxp-'], 'slack', 15, 300, {
    shape: 'slack',
  }),
  format(
    'slack-legacy-token',
    ['xoxa-', 'xoxo-', 'xoxs-', 'xoxr-', 'xapp-', 'xoxc-', 'xoxd-'],
    'slack',
    10,
    300,
    {
      shape: 'slack-legacy',
    },
  ),
  format(
    'slack-webhook-url',
    ['hooks.slack.com/services/', 'hooks.slack.com/workflows/', 'hooks.slack.com/triggers/'],
    'webhook-path',
    20,
    200,
  ),
  // a generic incoming webhook's secret path: Mattermost's `/hooks/<26>`, Netlify's
  // `/build_hooks/<24 hex>`, Zapier's and many others'; an id of words or digits is too short or
  // too plain to be read as one
  format('webhook-url-token', ['hooks/', 'build_hooks/'], 'alphanumeric', 20, 64, {
    minimumEntropy: 2.5,
    shape: 'mixed',
  }),
  format('sourcegraph-access-token', ['sgp_'], 'word', 40, 80, { minimumEntropy: 3, shape: 'sourcegraph' }),
  format(
    'stripe-access-token',
    ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_', 'whsec_'],
    'alphanumeric',
    10,
    255,
    { minimumEntropy: 2 },
  ),
  format('twilio-api-key', ['SK'], 'hex', 32, 32, { minimumEntropy: 3 }),
  format('typeform-api-token', ['tfp_'], 'word-dash-dot-equals', 59, 59),
  format('vault-token', ['hvs.', 'hvb.', 'hvr.'], 'word-dash', 24, 300, { minimumEntropy: 3 }),
  format('yandex-api-key', ['AQVN'], 'word-dash', 35, 38, { minimumEntropy: 3 }),
  // Formats from the providers' own documentation of their key and token prefixes
  format('airtable-personal-access-token', ['pat'], 'word-dash-dot', 79, 79, { shape: 'airtable' }),
  format('bitbucket-app-password', ['ATBB'], 'alphanumeric', 28, 40, { minimumEntropy: 3.5, shape: 'mixed' }),
  format('contentful-personal-access-token', ['CFPAT-'], 'word-dash', 43, 43, { minimumEntropy: 3 }),
  format('dropbox-short-lived-token', ['sl.'], 'word-dash-dot-equals', 130, 1400, { minimumEntropy: 3.5 }),
  format('groq-api-key', ['gsk_'], 'alphanumeric', 48, 56, { minimumEntropy: 3.5, shape: 'mixed' }),
  format('langsmith-api-key', ['lsv2_pt_', 'lsv2_sk_'], 'word', 40, 60, { minimumEntropy: 3 }),
  format('netlify-personal-access-token', ['nfp_'], 'alphanumeric', 36, 48, { minimumEntropy: 3.5 }),
  format('nuget-api-key', ['oy2'], 'alphanumeric', 43, 43, { minimumEntropy: 3.5 }),
  format('pinecone-api-key', ['pcsk_'], 'word', 40, 120, { minimumEntropy: 3.5 }),
  format('render-api-key', ['rnd_'], 'alphanumeric', 28, 40, { minimumEntropy: 3.5, shape: 'mixed' }),
  format('replicate-api-token', ['r8_'], 'alphanumeric', 37, 40, { minimumEntropy: 3.5, shape: 'mixed' }),
  format('supabase-access-token', ['sbp_'], 'hex', 40, 40, { minimumEntropy: 3 }),
  // Statsig's server secret key; its client keys (`client-…`) ship in apps and are public
  format('statsig-server-secret', ['secret-'], 'alphanumeric', 40, 50, {
    minimumEntropy: 3.5,
    shape: 'mixed',
  }),
  format(
    'tailscale-key',
    ['tskey-api-', 'tskey-auth-', 'tskey-client-', 'tskey-scim-', 'tskey-webhook-'],
    'word-dash',
    20,
    100,
    {
      minimumEntropy: 3,
    },
  ),
  format('xai-api-key', ['xai-'], 'alphanumeric', 70, 90, { minimumEntropy: 3.5, shape: 'mixed' }),
  // blockchain RPC endpoints carry the project's key in the path (Infura's project id, Alchemy's
  // API key, QuickNode's and Chainstack's tokens, Ankr's premium key after the chain's name)
  format('infura-project-url', ['infura.io/v3/', 'infura.io/ws/v3/'], 'hex', 32, 32),
  format('alchemy-rpc-url', ['alchemy.com/v2/', 'alchemyapi.io/v2/'], 'word-dash', 24, 40, {
    minimumEntropy: 3,
  }),
  format('quicknode-rpc-url', ['quiknode.pro/'], 'hex', 40, 40),
  format('chainstack-rpc-url', ['p2pify.com/'], 'hex', 32, 32),
  format(
    'ankr-rpc-url',
    [
      'eth',
      'eth_sepolia',
      'polygon',
      'bsc',
      'arbitrum',
      'optimism',
      'avalanche',
      'base',
      'fantom',
      'gnosis',
    ].map((chain) => `rpc.ankr.com/${chain}/`),
    'hex',
    64,
    64,
  ),
  // a live stream's key is the last part of its RTMP ingest URL: Twitch, YouTube Live, Restream,
  // Amazon IVS and Facebook Live
  format(
    'rtmp-stream-key',
    [
      'twitch.tv/app/',
      'youtube.com/live2/',
      'restream.io/live/',
      'live-video.net/app/',
      'facebook.com:443/rtmp/',
      'facebook.com/rtmp/',
    ],
    'word-dash',
    16,
    128,
    { minimumEntropy: 2.5 },
  ),
  format(
    'authorization-header',
    // Okta writes its API tokens under a scheme of its own: `Authorization: SSWS 00Ml…`
    ['Bearer ', 'Basic ', 'Token ', 'Digest ', 'bearer ', 'token ', 'SSWS '],
    'authorization',
    16,
    4096,
    { shape: 'mixed', minimumEntropy: 3 },
  ),
  format('azure-storage-account-key', ['AccountKey='], 'base64', 40, 128),
  format('azure-shared-access-signature', ['SharedAccessSignature=', 'SharedAccessKey='], 'base64', 16, 512),
];
