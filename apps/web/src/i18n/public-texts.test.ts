import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT_NAMESPACES, PUBLIC_TEXT_NAMESPACES, publicTexts } from '../../public-texts-plugin';
import en from './locales/en.json';

const LOCALE = join(import.meta.dirname, 'locales/en.json');

function served(
  publicOnly: boolean,
  part: 'public' | 'pages' | 'member' | 'admin' = 'public',
): { translation: Record<string, unknown>; messages?: unknown } {
  const plugin = publicTexts({ publicOnly });
  const load = plugin.load as (id: string) => { code: string } | null;
  const result = load(`${LOCALE}?${part}`);
  if (!result) throw new Error(`the plugin did not serve en.json?${part}`);
  const value = JSON.parse(
    result.code.replace(/^export default (JSON\.parse\()?/, '').replace(/\)?;$/, ''),
  ) as unknown;
  return (typeof value === 'string' ? JSON.parse(value) : value) as {
    translation: Record<string, unknown>;
    messages?: unknown;
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

describe("a member page's English texts and the back office's (issue 39)", () => {
  const namespacesOf = (texts: { translation: Record<string, unknown> }) =>
    Object.keys(texts.translation).sort();

  it('a member page loads every text but the back office namespaces, which come apart; together the file is whole', () => {
    const member = served(true, 'member');
    const admin = served(true, 'admin');
    expect(namespacesOf(admin)).toEqual([...ADMIN_TEXT_NAMESPACES].sort());
    expect(namespacesOf(member)).toEqual(
      Object.keys(en.translation)
        .filter((namespace) => !ADMIN_TEXT_NAMESPACES.includes(namespace))
        .sort(),
    );
    expect(member.messages).toEqual(en.messages);
    expect({ ...member.translation, ...admin.translation }).toEqual(en.translation);
    // What the split saves a member page: the back office's texts are a sixth of the file or more (a
    // fifth until the rest of the file passed four times the back office's texts, decision 219).
    expect(JSON.stringify(admin).length).toBeGreaterThan(JSON.stringify(en).length / 6);
  });

  it('the tests and the prerender get every text from ?member', () => {
    expect(served(false, 'member')).toEqual({ translation: en.translation, messages: en.messages });
  });

  it('only the back office uses the back office namespaces', () => {
    const root = join(import.meta.dirname, '..');
    const files = sources(root);
    const adminDir = join(root, 'features/admin');
    const pattern = new RegExp(`\\bt\\(\\s*['\`](?:${ADMIN_TEXT_NAMESPACES.join('|')})\\.`);
    const using = files.filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(using.filter((file) => file.startsWith(adminDir)).length).toBeGreaterThan(10);
    const outside = using.filter((file) => !file.startsWith(adminDir));
    // A shared component with back office texts (the data table) is imported by back office screens only.
    for (const file of outside) {
      const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');
      const importers = files.filter((other) =>
        new RegExp(`from '[^']*/${name}'`).test(readFileSync(other, 'utf8')),
      );
      expect(importers.length, name).toBeGreaterThan(0);
      expect(
        importers.filter((importer) => !importer.startsWith(adminDir)),
        name,
      ).toEqual([]);
    }
  });
});
