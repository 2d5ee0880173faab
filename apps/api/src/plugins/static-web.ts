import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, DEFAULT_SITENAME } from '@app/shared/constants';
import { escapeHtml, renameSite, siteNameBlock } from '@app/shared/site-name';
import { registerWebManifests, WEB_MANIFEST_FILES } from './web-manifests';

/**
 * Serves the built web app: hashed assets with a long cache, and for every other non-API GET either
 * the page prerendered at build time (the public pages, in the visitor's language) or index.html, so
 * the client router can take over; every page and the web app manifests with the site's current name.
 * An unknown /api/... path gets a JSON 404.
 * docs/decisions/053-public-site-performance-and-particles.md, 055-prerendered-public-pages.md.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  options: { distDir: string; siteName: () => Promise<string> },
): Promise<void> {
  const indexPath = join(options.distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // Served with the site's current name (web-manifests.ts, and the pages below): never as built.
      globIgnore: [WEB_MANIFEST_FILES, `${WEB_MANIFEST_FILES}.*`, 'index.html*', 'pages/**'],
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): served when accepted.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const manifests = hasBuild ? registerWebManifests(app, options) : new Set<string>();
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : null;
  const shellPages = indexHtml ? routePages(options.distDir, indexHtml) : new Map<string, Page>();
  const prerendered = hasBuild ? prerenderedPages(options.distDir) : new Map<string, Map<string, Page>>();
  const languages = hasBuild ? shellLanguages(options.distDir, manifests) : new Map<string, ShellLanguage>();
  const shell = indexHtml === null ? null : page(indexHtml, indexPath);

  /**
   * The site's current name. When it cannot be read within NAME_WAIT_MS (a database down or busy), the
   * page goes as built, with the default name, rather than wait: logged once until a read succeeds.
   */
  let unreadable = false;
  const siteName = async (request: FastifyRequest) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${NAME_WAIT_MS} ms`)), NAME_WAIT_MS);
    });
    try {
      const name = await Promise.race([options.siteName(), late]);
      unreadable = false;
      return name;
    } catch (error) {
      if (!unreadable) request.log.warn({ err: error }, 'site name not read: pages sent as built');
      unreadable = true;
      return DEFAULT_SITENAME;
    } finally {
      clearTimeout(timer);
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/sanctum/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send({ message: `No route for ${request.method} ${path}.`, code: 'NOT_FOUND' });
    }
    // A file that is not there (`.webmanifest` is 11 letters) is a 404, never the app shell.
    if (/\.[a-z0-9]{1,12}$/i.test(path)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!shell) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const route = path.replace(/\/+$/, '') || '/';
    const language = request.cookies?.lang ?? DEFAULT_LANGUAGE.code;
    const inLanguages = prerendered.get(route);
    const chosen = inLanguages?.get(language) ?? inLanguages?.get(DEFAULT_LANGUAGE.code);
    const name = await siteName(request);
    if (chosen) return sendPage(request, reply, withSiteName(chosen, name));
    const appShell = shellPages.get(route) ?? shell;
    const shellLanguage = language === DEFAULT_LANGUAGE.code ? undefined : languages.get(language);
    const inLanguage = shellLanguage ? inShellLanguage(appShell, language, shellLanguage) : appShell;
    return sendPage(request, reply, withSiteName(inLanguage, name));
  });
}

/** How long a page waits for the site's name before it goes as built. */
const NAME_WAIT_MS = 250;

/** One HTML page, with its compressed forms (precompressed by the build, or made on first use). */
interface Page {
  html: string;
  br?: Buffer;
  gz?: Buffer;
  /** The same page in the dark appearance, made on first request. */
  dark?: Page;
  /** The app shell in another language (`lang` cookie), made on first request. */
  languages?: Map<string, Page>;
  /** The page with the site's current name, made on the first request after each rename. */
  named?: { name: string; page: Page };
}

/** A page made at run time, compressed once with fast settings. */
function compressed(html: string): Page {
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gz: gzipSync(html, { level: 6 }),
  };
}

function page(html: string, file?: string): Page {
  const read = (suffix: string) =>
    file && existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined;
  return { html, br: read('.br'), gz: read('.gz') };
}

/**
 * The visitor's stored appearance comes with the `theme` cookie the app keeps (apps/web/src/lib/
 * preferences.ts): a dark page is dark from its first paint instead of flashing light until the
 * script runs. Its compressed forms are made once, with fast settings.
 */
function darkPage(light: Page): Page {
  light.dark ??= compressed(light.html.replace(/<html\b/, '<html class="dark" style="color-scheme: dark"'));
  return light.dark;
}

/**
 * The page with the site's current name where the build wrote the default one, and the name in a data
 * block the web app's first render reads (packages/shared/src/site-name.ts), so that hydrating a
 * prerendered page finds the name its HTML shows. Kept for the current name only.
 */
function withSiteName(built: Page, name: string): Page {
  if (name === DEFAULT_SITENAME) return built;
  if (built.named?.name !== name) {
    const html = renameSite(built.html, name).replace('</head>', () => `${siteNameBlock(name)}</head>`);
    built.named = { name, page: compressed(html) };
  }
  return built.named.page;
}

function accepts(request: FastifyRequest, encoding: 'br' | 'gzip'): boolean {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name?.trim() === encoding && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, light: Page) {
  const chosen = request.cookies?.theme === 'dark' ? darkPage(light) : light;
  void reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding, Cookie');
  if (chosen.br && accepts(request, 'br')) return reply.header('Content-Encoding', 'br').send(chosen.br);
  if (chosen.gz && accepts(request, 'gzip')) return reply.header('Content-Encoding', 'gzip').send(chosen.gz);
  return reply.send(chosen.html);
}

/**
 * The prerendered public pages (prerendered.json, written by the web build: route → language → file;
 * each file already preloads its route's chunks). A missing or malformed manifest only costs the
 * prerendering: those routes get index.html.
 */
function prerenderedPages(distDir: string): Map<string, Map<string, Page>> {
  const pages = new Map<string, Map<string, Page>>();
  const file = join(distDir, 'prerendered.json');
  if (!existsSync(file)) return pages;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
    for (const [route, languages] of Object.entries(manifest)) {
      const byLanguage = new Map<string, Page>();
      for (const [language, relative] of Object.entries(languages)) {
        if (!/^pages\/[a-z]{2}\/[\w-]+\.html$/.test(relative)) continue;
        const path = join(distDir, relative);
        if (existsSync(path)) byLanguage.set(language, page(readFileSync(path, 'utf8'), path));
      }
      if (byLanguage.size > 0) pages.set(route, byLanguage);
    }
  } catch {
    // A malformed manifest only costs the prerendering.
  }
  return pages;
}

/**
 * index.html for each route with its screens' chunks preloaded (route-preloads.json, written by the
 * web build), so they download alongside the main bundle rather than after it (decision 170). A route
 * whose screen depends on a member token the server cannot see (/plans, member-chunks.json) lists the
 * member screen's chunks in a JSON data block instead: src/main.tsx preloads them when a token is
 * stored (the CSP allows a data block: it is not a script).
 */
function routePages(distDir: string, indexHtml: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  const file = join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return pages;
  const chunkList = (chunks: unknown): string[] =>
    Array.isArray(chunks)
      ? chunks.filter(
          (chunk): chunk is string => typeof chunk === 'string' && /^\/assets\/[\w.-]+\.js$/.test(chunk),
        )
      : [];
  try {
    const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const memberFile = join(distDir, 'member-chunks.json');
    const memberOnly = existsSync(memberFile)
      ? (JSON.parse(readFileSync(memberFile, 'utf8')) as Record<string, unknown>)
      : {};
    for (const [route, chunks] of Object.entries(routes)) {
      const links = chunkList(chunks)
        .map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}">`)
        .join('');
      const member = chunkList(memberOnly[route]);
      const block =
        member.length > 0
          ? `<script type="application/json" id="member-chunks">${JSON.stringify(member)}</script>`
          : '';
      pages.set(route, page(indexHtml.replace('</head>', `${links}${block}</head>`)));
    }
  } catch {
    // A malformed file only costs the preloads.
  }
  return pages;
}

/**
 * The app shell's texts in one language, as the web build wrote them: its `dir`, the noscript message,
 * the home page's title and description, and the path of the language's web app manifest.
 */
interface ShellLanguage {
  dir: 'ltr' | 'rtl';
  noscript: string;
  title: string;
  description: string;
  manifest: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The texts as the build writes them: a direction, non-empty texts, and the language's own manifest
 * (English's is `/manifest.webmanifest`), which the build wrote beside them and is served (`manifests`).
 */
function isShellLanguage(
  manifests: ReadonlySet<string>,
  language: string,
  texts: Partial<ShellLanguage>,
): texts is ShellLanguage {
  const manifest =
    language === DEFAULT_LANGUAGE.code ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`;
  return (
    /^[a-z]{2}$/.test(language) &&
    (texts.dir === 'ltr' || texts.dir === 'rtl') &&
    isText(texts.noscript) &&
    isText(texts.title) &&
    isText(texts.description) &&
    texts.manifest === manifest &&
    manifests.has(manifest)
  );
}

/**
 * The languages the web build wrote the shell's texts for (shell-languages.json). A missing or
 * malformed file, or a language's texts that are not what the build writes, only cost them: the shell
 * stays in English until its script runs.
 */
function shellLanguages(distDir: string, manifests: ReadonlySet<string>): Map<string, ShellLanguage> {
  const languages = new Map<string, ShellLanguage>();
  const file = join(distDir, 'shell-languages.json');
  if (!existsSync(file)) return languages;
  try {
    const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Partial<ShellLanguage>>;
    for (const [language, { dir, noscript, title, description, manifest }] of Object.entries(texts)) {
      const shell = { dir, noscript, title, description, manifest };
      if (isShellLanguage(manifests, language, shell)) languages.set(language, shell);
    }
  } catch {
    // A malformed file only costs the shell's languages.
  }
  return languages;
}

/**
 * The app shell in the visitor's language before its script runs (decision 241): `<html lang dir>`
 * (Arabic right to left from the first paint, and the right voice for a screen reader), the noscript
 * message, the title and description, and the link to the language's manifest (what a phone's install
 * prompt shows). The texts are escaped; a function replacer keeps a `$` in them as written.
 */
function inShellLanguage(shell: Page, language: string, texts: ShellLanguage): Page {
  shell.languages ??= new Map();
  let page = shell.languages.get(language);
  if (!page) {
    const attribute = (pattern: RegExp, value: string) => (html: string) =>
      html.replace(pattern, (_match, start: string) => `${start}${escapeHtml(value)}"`);
    const steps = [
      attribute(/(name="description"\s+content=")[^"]*"/, texts.description),
      attribute(/(property="og:description"\s+content=")[^"]*"/, texts.description),
      attribute(/(property="og:title"\s+content=")[^"]*"/, texts.title),
      attribute(/(<link rel="manifest" href=")[^"]*"/, texts.manifest),
    ];
    const html = shell.html
      .replace(/<html\b[^>]*>/, `<html lang="${language}" dir="${texts.dir}">`)
      .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeHtml(texts.noscript)}</noscript>`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(texts.title)}</title>`);
    page = compressed(steps.reduce((text, step) => step(text), html));
    shell.languages.set(language, page);
  }
  return page;
}
