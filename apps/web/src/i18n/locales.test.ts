import { describe, expect, it } from 'vitest';
import * as shared from '@app/shared';
import { SERVICE_BUSY_MESSAGE } from '@app/shared/errors';
import { FOUR_EYES_WINDOW_HOURS } from '@app/shared/schemas/withdrawals';
import ar from './locales/ar.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** Every key path of a nested object: 'auth.login.title'. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const code = Object.values(sources).join('\n');

/** i18next's plural suffixes: a counted text is one key per plural form of its language. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Key paths with their plural forms folded into one ('serverMessages.tooManyGoals'). */
function baseKeys(value: unknown): string[] {
  return [...new Set(keys(value).map((key) => key.replace(PLURAL, '')))].sort();
}

/** Every text of a locale file, with its key path. */
function texts(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => texts(child, prefix ? `${prefix}.${key}` : key));
}

/** Each language with its locale file. */
const LANGUAGES = [
  ['en', en],
  ['es', es],
  ['ar', ar],
] as const;

/** "in the last N hours" in each language: the four-eyes and identity limits' window (decisions 228, 242). */
const WINDOW_HOURS = { en: /last (\d+) hours/g, es: /últimas (\d+) horas/g, ar: /آخر (\d+) ساعة/g };

describe('locales', () => {
  it("say the withdrawal limits' window in the hours the API counts (FOUR_EYES_WINDOW_HOURS)", () => {
    for (const [language, file] of LANGUAGES) {
      const said = texts(file).flatMap(([key, text]) =>
        [...text.matchAll(WINDOW_HOURS[language])].map((match) => [key, Number(match[1])] as const),
      );
      // The back office's settings hints, the approval dialogs, the profile card and the refusal.
      expect(said.length, language).toBeGreaterThanOrEqual(7);
      for (const [key, hours] of said) expect(hours, `${language}: ${key}`).toBe(FOUR_EYES_WINDOW_HOURS);
    }
  });

  it('writes a dollar amount in Spanish as the app formats it (1,00 US$), never with a bare $', () => {
    // Intl's Spanish writes "US$": a bare "$" is also the peso's sign in much of the Spanish-speaking world.
    const amount = new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(1);
    expect(amount).toBe('1,00\u00a0US$');
    const bare = texts(es).filter(([, text]) => /\d\s?\$/u.test(text));
    expect(bare).toEqual([]);
  });

  it('speaks to the reader in Spanish as tú throughout, never as usted', () => {
    const usted = /\b(Elija|Introduzca|Indique|Escriba|Seleccione|Ingrese|déjelo)\b/u;
    expect(texts(es).filter(([, text]) => usted.test(text))).toEqual([]);
  });

  it('names the back office in Spanish, as Arabic does', () => {
    expect(texts(es).filter(([, text]) => /back office/iu.test(text))).toEqual([]);
    expect(es.translation.admin.layout.brand).toBe('Panel de administración');
  });

  it('es and ar translate exactly what en has', () => {
    for (const namespace of ['translation', 'messages'] as const) {
      const english = Object.keys(en[namespace]).length ? baseKeys(en[namespace]) : [];
      expect(baseKeys(es[namespace])).toEqual(english);
      expect(baseKeys(ar[namespace])).toEqual(english);
    }
  });

  it('gives every counted text each plural form its language has (Arabic has six)', () => {
    for (const [language, texts] of LANGUAGES) {
      const all = keys(texts.translation);
      const counted = [
        ...new Set(all.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, ''))),
      ];
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const missing = counted.flatMap((key) =>
        forms.filter((form) => !all.includes(`${key}_${form}`)).map((form) => `${language}: ${key}_${form}`),
      );
      expect(missing).toEqual([]);
    }
  });

  it("writes index.html's noscript message and description as English's (the build sends the others in their place)", async () => {
    const { default: indexHtml } = await import('../../index.html?raw');
    expect(/<noscript>([^<]*)<\/noscript>/.exec(indexHtml)?.[1]).toBe(en.translation.shell.noscript);
    for (const attribute of ['name="description"', 'property="og:description"']) {
      const pattern = new RegExp(`${attribute}\\s+content="([^"]*)"`);
      expect(pattern.exec(indexHtml)?.[1]).toBe(en.translation.home.metaDescription);
    }
  });

  it('has every translation key the code names', () => {
    // A key may name a leaf, or a list or group read whole with returnObjects; a counted text is named
    // without its plural suffix (i18next picks the form from `count`).
    const branches = (value: unknown, prefix = ''): string[] =>
      typeof value !== 'object' || value === null
        ? []
        : [
            ...(prefix ? [prefix] : []),
            ...Object.entries(value).flatMap(([key, child]) =>
              branches(child, prefix ? `${prefix}.${key}` : key),
            ),
          ];
    const known = new Set([
      ...keys(en.translation),
      ...baseKeys(en.translation),
      ...branches(en.translation),
    ]);
    const named = [
      ...code.matchAll(
        /['"]((?:common|session|picker|home|notFound|auth|shell|pages|settings|admin|site|deposits|checkout|withdrawals|activity|investing|setup|promos|rewards|profile|loans|goals|assistant|adminQueues)\.[\w.-]+)['"]/g,
      ),
    ].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((key) => !known.has(key as string))).toEqual([]);
  });

  it('has every product message the code shows, and every fixed message of every API module', () => {
    const known = new Set(Object.keys(en.messages));
    const shown = [
      ...code.matchAll(/(?:message|errorMessage\([^,]+,|setFailure|setBanner)\(?\s*(['"])(.+?)\1/g),
    ].map((match) => match[2]);
    // Every fixed message of every API module: each `*_MESSAGES` set the shared package exports.
    const sets = Object.entries(shared).filter(([name]) => name.endsWith('_MESSAGES'));
    expect(sets.length).toBeGreaterThanOrEqual(25);
    const server = sets
      .flatMap(([, messages]) => Object.values(messages as Record<string, unknown>))
      .filter((value) => typeof value === 'string')
      .concat(SERVICE_BUSY_MESSAGE);
    expect(shown.length).toBeGreaterThan(15);
    expect([...shown, ...server].filter((text) => !known.has(text as string))).toEqual([]);
  });

  it("has the field errors of the password rules (their length is a constant's, written into the text)", () => {
    const known = new Set(Object.keys(en.messages));
    const tooShort = 'x'.repeat(shared.PASSWORD_MIN_LENGTH - 1);
    const errors = [
      shared.RegisterRequest.safeParse({ username: 'ada', email: 'a@b.co', password: tooShort }),
      shared.CreateAdminRequest.safeParse({
        username: 'ada',
        email: 'a@b.co',
        password: tooShort,
        role: 'support',
      }),
    ].flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
    expect(errors).toHaveLength(2);
    expect(errors.filter((text) => !known.has(text))).toEqual([]);
  });
});
