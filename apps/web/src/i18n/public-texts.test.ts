import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_TEXT_NAMESPACES, publicTexts } from '../../public-texts-plugin';
import en from './locales/en.json';

const LOCALE = join(import.meta.dirname, 'locales/en.json');

function served(
  publicOnly: boolean,
  part: 'public' | 'pages' = 'public',
): { translation: Record<string, unknown>; messages: unknown } {
  const plugin = publicTexts({ publicOnly });
  const load = plugin.load as (id: string) => { code: string } | null;
  const result = load(`${LOCALE}?${part}`);
  if (!result) throw new Error(`the plugin did not serve en.json?${part}`);
  return JSON.parse(result.code.replace(/^export default /, '').replace(/;$/, '')) as {
    translation: Record<string, unknown>;
    messages: unknown;
  };
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

describe('the public English texts (decision 106)', () => {
  it('the browser build gets the public namespaces and the messages whose English is not the key', () => {
    const texts = served(true);
    expect(Object.keys(texts.translation).sort()).toEqual([...PUBLIC_TEXT_NAMESPACES].sort());
    // The others are their own English (useMessage falls back to the text), so they need no entry.
    expect(texts.messages).toEqual(
      Object.fromEntries(Object.entries(en.messages).filter(([key, text]) => key !== text)),
    );
    expect(texts.messages).toMatchObject({
      'CSRF token mismatch.': 'Your session expired. Please try again.',
    });
    expect(Object.keys(en.translation).length).toBeGreaterThan(PUBLIC_TEXT_NAMESPACES.length);
  });

  it('the information pages and the help center bring their own texts; together the site is whole', () => {
    const site = served(true).translation.site as Record<string, unknown>;
    const pages = served(true, 'pages').translation.site as Record<string, unknown>;
    // The home page's bundle: no page's long texts, of the help center only the footer's note.
    expect(site).not.toHaveProperty('pages');
    expect(site.help).toEqual({ shownInEnglish: en.translation.site.help.shownInEnglish });
    expect(Object.keys(pages).sort()).toEqual(['help', 'pages']);
    expect(JSON.stringify(served(true)).length).toBeLessThan(JSON.stringify(en).length / 3);
    const whole = { ...site, ...pages, help: { ...(site.help as object), ...(pages.help as object) } };
    expect(whole).toEqual(en.translation.site);
  });

  it('the prerender and the tests get the whole file', () => {
    expect(served(false)).toEqual({ translation: en.translation, messages: en.messages });
  });

  it('the public pages use no text outside the public namespaces', () => {
    const used = new Set<string>();
    for (const file of sources(join(import.meta.dirname, '../features/public'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`]([A-Za-z]+)\./g)) {
        used.add(match[1] as string);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((namespace) => !PUBLIC_TEXT_NAMESPACES.includes(namespace))).toEqual([]);
  });
});
