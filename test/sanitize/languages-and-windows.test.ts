import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactText } from '../../src/sanitize/redact-text.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

/**
 * The families the sixteenth and seventeenth held-out probes found missing: passwords given in
 * prose in thirty more languages (some of which put "is" after the value), a password that starts with `@`, an
 * API client named by its module or a call named for the key, Windows' `reg query` and
 * `schtasks`, and `pw` before a value set in an HTML tag.
 */

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 8, 18);
const token = seededSecret(TOKEN_ALPHABET, 'Zq8', 30, 40);

function kept(text: string): string {
  return redactText(text).text;
}

/** Each sentence with `X` where the password goes, as a ticket or a chat in that language writes it. */
const SENTENCES: Record<string, string> = {
  Bengali: 'হ্যালো, স্টেজিং সার্ভারের রুট পাসওয়ার্ড হলো X — দয়া করে এটা কাউকে দেবেন না',
  Tamil: 'டேட்டாபேஸ் கடவுச்சொல்: X',
  Urdu: 'سرور کا پاس ورڈ X ہے، براہ کرم اسے کسی کے ساتھ شیئر نہ کریں',
  Persian: 'سلام، رمز عبور پنل مدیریت X است، لطفاً بعد از ورود آن را تغییر دهید',
  Malay: 'Salam, kata laluan untuk pelayan staging ialah X, sila tukar selepas log masuk.',
  Tagalog: 'Ang password ng admin account ay X, pakipalitan pagkatapos mag-login.',
  Swahili: 'Habari, nenosiri la seva ya hifadhidata ni X. Tafadhali usilishiriki.',
  Amharic: 'የአገልጋዩ የይለፍ ቃል X ነው። እባክዎ ለማንም አያጋሩ።',
  Bulgarian: 'Паролата за сървъра е X, моля, сменете я след първото влизане.',
  Serbian: 'Лозинка за VPN је X',
  Croatian: 'Pozdrav, lozinka za administratorski račun je X, promijeni je nakon prijave.',
  Lithuanian: 'Sveiki, duomenų bazės slaptažodis yra X, prašau niekam neperduoti.',
  Latvian: 'Sveiki! Servera parole ir X, lūdzu, nomaini to.',
  Catalan: 'Hola, la contrasenya del servidor és X, si us plau canvia-la.',
  Basque: 'Zerbitzariaren pasahitza X da',
  Icelandic: 'Sæll Siggi, Lykilorðið að gagnagrunninum er X, vinsamlegast breyttu því.',
  // Finnish and Estonian write "is" as `on`, which is English after any other word
  Finnish: 'Hei! Uusi salasana on X – vaihda se heti kirjautumisen jälkeen.',
  Estonian: 'Tere, serveri parool on X, palun muuda see pärast sisselogimist.',
  'Estonian, its other word': 'Sinu uus salasõna on X',
  Georgian: 'სერვერზე შესასვლელად გამოიყენე ეს პაროლი: X',
  Kazakh: 'Staging серверінің құпия сөзі: X',
  'Kazakh, a secret key': 'AWS кілті дайын.\nҚұпия кілт: X',
  Uzbek: "Ma'lumotlar bazasiga ulanish uchun parol: X",
  Azerbaijani: 'Salam! Prod Redis şifrəsi: `X` — ehtiyatlı ol.',
  Mongolian: 'Серверийн нууц үг: X',
  Khmer: 'ពាក្យសម្ងាត់ចូលម៉ាស៊ីនមេគឺ X ។',
  Burmese: 'database စကားဝှက်က X ပါ။',
  Hausa: 'Kalmar sirri ta uwar garken ita ce X',
  Zulu: 'Iphasiwedi ye-database ithi X',
  Afrikaans: 'Die wagwoord vir die admin-paneel is X – ek sal dit Maandag verander.',
  Welsh: 'Y cyfrinair ar gyfer y gweinydd yw X',
  Albanian: 'Fjalëkalimi i serverit është X',
  Slovenian: 'Geslo za VPN je X, uporabniško ime pa tvoj e-naslov.',
  'Malay, a secret key': 'Kunci rahsia Billplz untuk akaun pengeluaran: X',
  'Persian, an API key': 'کلید API سرویس پیامک اینه: X',
};

describe('a password given in prose', () => {
  it.each(Object.keys(SENTENCES))('is redacted in %s', (language) => {
    const sentence = SENTENCES[language] as string;
    // a key is issued, and as long as one; a password is typed
    fc.assert(
      fc.property(language.endsWith(' key') ? token : password, (secret) => {
        const text = sentence.replace('X', secret);
        expect(kept(text), text).not.toContain(secret);
      }),
      { numRuns: 40 },
    );
  });

  it('is redacted when it starts with `@`; a mention stays', () => {
    expect(kept('the password is @T~TgB9MlDixfhhz%L&DUn for now')).not.toContain('@T~TgB9MlDixfhhz%L&DUn');
    for (const text of ['reset the password for @bob please', 'password reset requested by @acme/ops-team'])
      expect(kept(text)).toBe(text);
  });

  it('leaves sentences in those languages that only speak of a password', () => {
    for (const text of [
      'Parola trebuie să aibă cel puțin 12 caractere.',
      'Slaptažodis turi būti bent 12 simbolių ilgio.',
      'La contrasenya ha de tenir com a mínim 12 caràcters.',
      'Паролата трябва да е поне 12 знака.',
      'رمز عبور باید حداقل ۱۲ کاراکتر باشد.',
      'Nenosiri lako limeisha muda wake. Tafadhali libadilishe.',
      'Salasana on vaihdettu onnistuneesti.',
      'Parool on aegunud, palun vali uus.',
      'The password on file has expired; keep the password on Bitwarden from now on.',
      'Geslo mora imeti vsaj 12 znakov.',
      'Fjalëkalimi duhet të ketë të paktën 12 karaktere.',
      'Die wagwoord is verkeerd.',
      'Ce mot de passe est trop court.',
      'Kunci rahsia tidak sah.',
      'Құпия сөз кемінде 12 таңбадан тұруы керек.',
    ])
      expect(kept(text)).toBe(text);
  });
});

describe('API clients and calls named for their key', () => {
  it('redacts the key given to a client named by its module, or to a call named for it', () => {
    fc.assert(
      fc.property(token, (key) => {
        for (const text of [
          `co = cohere.ClientV2("${key}")`,
          `client = anthropic.Anthropic("${key}")`,
          `auth_credentials=Auth.api_key("${key}"),`,
        ])
          expect(kept(text), text).not.toContain(key);
      }),
    );
  });

  it('keeps lookups and references', () => {
    for (const text of [
      'data.token("session_length")',
      'cfg.secret("DB_PASSWORD")',
      'Auth.api_key(os.environ["WEAVIATE_KEY"])',
      'x = os.path.join("a", "b")',
    ])
      expect(kept(text)).toBe(text);
  });
});

describe('Windows administration output', () => {
  it("redacts Winlogon's password as `reg query` lists it, and keeps the other values", () => {
    fc.assert(
      fc.property(password, (secret) => {
        const text = [
          'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon',
          '    AutoAdminLogon    REG_SZ    1',
          '    DefaultUserName    REG_SZ    kiosk.lobby',
          `    DefaultPassword    REG_SZ    ${secret}`,
          '    Shell    REG_SZ    explorer.exe',
        ].join('\n');
        const out = kept(text);
        expect(out).not.toContain(secret);
        expect(out).toContain('AutoAdminLogon    REG_SZ    1');
        expect(out).toContain('DefaultUserName    REG_SZ    kiosk.lobby');
        expect(out).toContain('DefaultPassword    REG_SZ');
      }),
    );
  });

  it('redacts the password schtasks is given, and keeps a prompt for it', () => {
    fc.assert(
      fc.property(password, (secret) => {
        const text = `C:\\> schtasks /create /tn "Nightly Export" /tr "C:\\Scripts\\Nightly\\run-export.cmd" /sc daily /ru CORP\\svc_export /rp ${secret} /rl highest`;
        expect(kept(text)).not.toContain(secret);
      }),
    );
    expect(kept('schtasks /create /tn Nightly /ru CORP\\svc_export /rp * /rl highest')).toContain('/rp *');
  });
});

describe('a password set in an HTML tag after `pw`', () => {
  it('is redacted, as a chat export keeps it', () => {
    fc.assert(
      fc.property(password, (secret) => {
        const text = `<p>reporting DB is back, user <b>rpt_reader</b> pw <code>${secret}</code></p>`;
        expect(kept(text)).not.toContain(secret);
      }),
    );
  });
});

describe('references to where a secret lives', () => {
  it("keeps LiteLLM's `os.environ/NAME` and Salt's `sdb://` under a secret's name, and redacts a value", () => {
    for (const text of [
      'litellm_params:\n  api_key: os.environ/ANTHROPIC_API_KEY',
      'postgres:\n  replication_password: sdb://vault/secret/postgres/replication?password',
    ])
      expect(kept(text)).toBe(text);
    fc.assert(
      fc.property(password, (secret) => {
        expect(kept(`litellm_params:\n  api_key: ${secret}`)).not.toContain(secret);
      }),
    );
  });
});
