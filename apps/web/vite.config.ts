import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import type * as PrerenderModule from './src/prerender';
import { chunkGroups } from './chunk-groups';
import { isMemberPage, MEMBER_ONLY_MODULES, ROUTE_MODULES } from './route-modules';
import { publicTexts } from './public-texts-plugin';
import { manifestPath } from './src/i18n/manifest-path';

const api = 'http://localhost:3000';

/**
 * Compile-time constants, the same in the browser bundle and the prerender bundle: the footer's year
 * in the prerendered HTML and in the hydrating app must agree.
 */
const DEFINE = {
  'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
};

/** The shared chunks: the app's start, the public pages' common pieces, the member pages' (chunk-groups.ts). */
const groups = chunkGroups({
  member: [...Object.values(ROUTE_MODULES), ...Object.values(MEMBER_ONLY_MODULES)]
    .filter(isMemberPage)
    .map((modules) => [modules].flat()),
  visitor: Object.values(ROUTE_MODULES)
    .filter((modules) => !isMemberPage(modules))
    .map((modules) => [modules].flat()),
});

/** The app proper, imported by the small entry (src/main.tsx) once a prerendered page has painted. */
const APP_MODULE = 'start.tsx';

/**
 * Writes route-preloads.json: for each public route, the JavaScript chunks its screen needs. The API
 * puts them in the page as <link rel="modulepreload">, so the browser fetches them with the main
 * bundle instead of after it (one round trip less before the first paint). index.html preloads the
 * app (src/start.tsx) and its chunks, which the entry imports dynamically.
 */
function routePreloads(): Plugin {
  const chunksOf = (bundle: Rolldown.OutputBundle, fileName: string, seen: Set<string>) => {
    if (seen.has(fileName)) return;
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    for (const imported of chunk.imports) chunksOf(bundle, imported, seen);
  };
  /** The chunk that holds a module: its own, or the group's that took it (the app's start). */
  const moduleChunk = (bundle: Rolldown.OutputBundle, module: string) =>
    Object.values(bundle).find(
      (item): item is Rolldown.OutputChunk =>
        item.type === 'chunk' && item.moduleIds.some((id) => id.endsWith(`/src/${module}`)),
    );
  /** The entry's chunks and the app's: what every page loads. */
  const sharedChunks = (bundle: Rolldown.OutputBundle) => {
    const shared = new Set<string>();
    const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
    if (entry) chunksOf(bundle, entry.fileName, shared);
    const app = moduleChunk(bundle, APP_MODULE);
    if (app) chunksOf(bundle, app.fileName, shared);
    return shared;
  };
  return {
    name: 'route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        const app = bundle && moduleChunk(bundle, APP_MODULE);
        if (!bundle || !app) return html;
        const files = new Set<string>();
        chunksOf(bundle, app.fileName, files);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
    generateBundle(_options, bundle) {
      const shared = sharedChunks(bundle);
      const map: Record<string, string[]> = {};
      const chunksOfModules = (modules: string | string[]) => {
        const files = new Set<string>();
        for (const module of [modules].flat()) {
          const chunk = moduleChunk(bundle, module);
          if (!chunk) this.error(`route-preloads: no chunk for src/${module}`);
          chunksOf(bundle, chunk.fileName, files);
        }
        return [...files].filter((file) => !shared.has(file)).map((file) => `/${file}`);
      };
      for (const [route, modules] of Object.entries(ROUTE_MODULES)) map[route] = chunksOfModules(modules);
      // A visitor never downloads member code (chunk-groups.ts): no page but a member's loads
      // the member chunk.
      const member = Object.values(bundle).find((item) => item.type === 'chunk' && item.name === 'member');
      for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
        if (member && !isMemberPage(modules) && map[route]!.includes(`/${member.fileName}`)) {
          this.error(`route-preloads: ${route} would load the member chunk`);
        }
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(map) });
      const memberOnly: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(MEMBER_ONLY_MODULES)) {
        const visitor = new Set(map[route] ?? []);
        memberOnly[route] = chunksOfModules(modules).filter((file) => !visitor.has(file));
      }
      this.emitFile({ type: 'asset', fileName: 'member-chunks.json', source: JSON.stringify(memberOnly) });
    },
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the build writes into a language's shell and manifest, from its locale file (decision 241). */
function shellTexts(root: string, language: string): { noscript: string; description: string } {
  const file = join(root, 'src/i18n/locales', `${language}.json`);
  const texts = JSON.parse(readFileSync(file, 'utf8')) as {
    translation: { shell: { noscript: string }; home: { metaDescription: string } };
  };
  return { noscript: texts.translation.shell.noscript, description: texts.translation.home.metaDescription };
}

const MANIFEST_LINK = /<link rel="manifest" href="[^"]*">/;

/**
 * index.html in one language: its `lang` and `dir`, its noscript message in that language, and the link
 * to that language's manifest.
 */
function inLanguage(template: string, language: string, dir: string, noscript: string): string {
  if (
    !/<html lang="[^"]*" dir="[^"]*">/.test(template) ||
    !/<noscript>[^<]*<\/noscript>/.test(template) ||
    !MANIFEST_LINK.test(template)
  )
    throw new Error(
      'index.html needs <html lang dir>, a plain-text <noscript> message and the manifest link to translate',
    );
  return template
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${language}" dir="${dir}">`)
    .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeAttribute(noscript)}</noscript>`)
    .replace(MANIFEST_LINK, `<link rel="manifest" href="${manifestPath(language)}">`);
}

/**
 * The page's HTML: index.html with the page's language, title and description, the list of its
 * route's chunks, and the prerendered markup in #root (marked with its language for src/main.tsx).
 */
function pageHtml(
  template: string,
  page: {
    html: string;
    language: string;
    dir: string;
    noscript: string;
    meta: { title?: string; description?: string };
  },
  preloads: string[],
  data: string[],
  appEarly: boolean,
): string {
  let html = inLanguage(template, page.language, page.dir, page.noscript);
  const { title, description } = page.meta;
  // Function replacers: a `$` in a text stays as written.
  const content = (value: string) => (_match: string, start: string) => `${start}${escapeAttribute(value)}"`;
  if (title) {
    html = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(title)}</title>`)
      .replace(/(property="og:title"\s+content=")[^"]*"/, content(title));
  }
  if (description) {
    html = html
      .replace(/(name="description"\s+content=")[^"]*"/, content(description))
      .replace(/(property="og:description"\s+content=")[^"]*"/, content(description));
  }
  // Usually the app's and the page's chunks are not preloaded with the page: src/main.tsx fetches them
  // once the page has painted, so they take no bandwidth from it (the list is a JSON data block, which
  // the CSP allows: it is not a script). A page whose main content needs the app (appEarly) preloads
  // them with the page, at low priority: they still run after its first paint.
  const chunks = JSON.stringify(appEarly ? [] : preloads).replace(/</g, '\\u003c');
  const early = appEarly
    ? preloads
        .map((chunk) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${chunk}">`)
        .join('')
    : '';
  // The API client sends credentials: the preload must too, or the browser would not use it.
  const fetches = data
    .map(
      (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(url)}">`,
    )
    .join('');
  return html
    .replace(/\s*<link rel="modulepreload"([^>]*)>/g, (link: string, attributes: string) =>
      appEarly ? link.replace(attributes, `${attributes} fetchpriority="low"`) : '',
    )
    .replace(
      '</head>',
      `${early}${fetches}<script type="application/json" id="page-chunks">${chunks}</script></head>`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${page.language}">${page.html}</div>`,
    );
}

/** A language's shell texts as the API reads them (apps/api/src/plugins/static-web.ts). */
interface ShellLanguage {
  dir: string;
  noscript: string;
  title: string;
  description: string;
  manifest: string;
}

function shellLanguage(page: {
  language: string;
  dir: string;
  noscript: string;
  meta: { title?: string; description?: string };
}): ShellLanguage {
  const { title, description } = page.meta;
  if (!title || !description)
    throw new Error(`the home page in ${page.language} has no title or description`);
  return {
    dir: page.dir,
    noscript: page.noscript,
    title,
    description,
    manifest: manifestPath(page.language),
  };
}

/**
 * Prerenders the public pages (docs/decisions/055-prerendered-public-pages.md): once the browser
 * bundle is written, bundles src/prerender.tsx for Node, renders each of its pages in each language
 * with React's prerender, and writes them to pages/<language>/<page>.html with prerendered.json
 * (route → language → file), which the API serves. The precompress plugin then compresses them.
 */
function prerender(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle() {
      const serverDir = join(root, 'node_modules/.cache/prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        define: DEFINE,
        plugins: [react(), publicTexts({ publicOnly: false })],
        ssr: { noExternal: ['@app/shared'] },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          target: 'node20',
        },
      });
      // No cache-busting query: the lazily loaded pages import the entry by its plain URL, and a second
      // instance of it would have its own React contexts.
      const renderer = (await import(
        pathToFileURL(join(serverDir, 'prerender.js')).href
      )) as typeof PrerenderModule;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const preloads = JSON.parse(readFileSync(join(outDir, 'route-preloads.json'), 'utf8')) as Record<
        string,
        string[]
      >;
      const manifest: Record<string, Record<string, string>> = {};
      const shells: Record<string, ShellLanguage> = {};
      const texts = new Map(renderer.LANGUAGES.map((language) => [language, shellTexts(root, language)]));
      for (const path of renderer.PRERENDERED_PATHS) {
        manifest[path] = {};
        for (const language of renderer.LANGUAGES) {
          const { noscript } = texts.get(language)!;
          const page = { ...(await renderer.renderPage(path, language)), noscript };
          // The shell (the member area, the back office) carries the home page's title and description.
          if (path === '/') shells[language] = shellLanguage(page);
          const file = `pages/${language}/${path === '/' ? 'index' : path.slice(1)}.html`;
          mkdirSync(join(outDir, 'pages', language), { recursive: true });
          writeFileSync(
            join(outDir, file),
            pageHtml(
              template,
              page,
              preloads[path] ?? [],
              renderer.pageData(path, language),
              renderer.APP_EARLY_PATHS.includes(path),
            ),
          );
          manifest[path][language] = file;
        }
      }
      writeFileSync(join(outDir, 'prerendered.json'), JSON.stringify(manifest));
      // The app shell (the member area, the back office) in each language, which the API sends by the
      // visitor's `lang` cookie: right-to-left and with its texts before any script runs.
      writeFileSync(join(outDir, 'shell-languages.json'), JSON.stringify(shells));
      // Each language's manifest: what a phone's install prompt shows, in the page's language. The API
      // serves them with the site's current name (decision 176).
      for (const language of renderer.LANGUAGES) {
        const shell = shells[language];
        if (!shell) throw new Error(`no home page prerendered in ${language} for its manifest`);
        const { dir, description } = shell;
        const installed = { ...MANIFEST, lang: language, dir, description };
        writeFileSync(join(outDir, manifestPath(language).slice(1)), JSON.stringify(installed));
      }
    },
  };
}

/**
 * Writes a .br and a .gz beside every compressible file of the build, so the API serves them
 * compressed without spending CPU per request (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The web app manifest (decision 176), which the build writes once per language with that language's
 * `lang`, `dir` and description (decision 241; the description is the home page's). `name` and
 * `short_name` are the build's default: the API serves the site's current name in their place.
 */
const MANIFEST = {
  name: 'Our Platform',
  short_name: 'Our Platform',
  description: shellTexts(import.meta.dirname, 'en').description,
  lang: 'en',
  dir: 'ltr' as const,
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone' as const,
  background_color: '#ffffff',
  theme_color: '#4f46e5',
  icons: [
    { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The web app manifest and the service worker (issue 36 item 8, decision 176): the member area can be
 * installed on a phone's home screen. The worker caches the app shell only: pages (network first, the
 * cached one when offline) and the hashed files under /assets/ (cache first, they never change). Nothing
 * under /api/ is ever cached — balances and activity always come from the server, which also marks them
 * `no-store` — nor a page whose address carries a mailed link's token. Nothing is precached beyond the icons, so a first visit downloads no more than it uses.
 * src/main.tsx registers the worker after the page has loaded.
 */
function installable(): Plugin[] {
  const worker = VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    includeAssets: [],
    // The prerender step writes the manifests (one per language) and the API serves them with the
    // site's current name: a precached copy would keep the build's name in an installed app.
    manifest: false,
    workbox: {
      globPatterns: ['favicon.svg', 'pwa-*.png'],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // A page opened from a mailed link carries its secret in the query (a reset link, an email
          // change's undo link): never kept in the cache, where signing out would not remove it.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            !url.pathname.startsWith('/api/') &&
            !url.searchParams.has('token'),
          handler: 'NetworkFirst',
          options: { cacheName: 'pages', networkTimeoutSeconds: 5, expiration: { maxEntries: 30 } },
        },
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'assets', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 } },
        },
      ],
    },
  });
  // The link to the English manifest in the built index.html; each page in another language links its
  // own (pageHtml, the API's shell). Not in development, where no manifest is written.
  const manifestLink: Plugin = {
    name: 'manifest-link',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: manifestPath('en') }, injectTo: 'head' },
    ],
  };
  return [...worker, manifestLink];
}

/** The SPA: built to apps/web/dist (served by the API); in development the API is proxied. */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    publicTexts({ publicOnly: true }),
    groups.plugin,
    routePreloads(),
    prerender(),
    precompress(),
    installable(),
  ],
  define: DEFINE,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the app supports preloads modules itself (Chrome 66, Firefox 115, Safari 17); an
    // older one still loads them through the import graph, a little later. No polyfill in every entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, larger shared chunks (chunk-groups.ts): the app's start, the public pages' common
        // pieces and the public site's own, what member pages share at first paint; a page is a
        // handful of requests rather than a waterfall of tiny ones.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            groups.start,
            groups.site,
            {
              name: 'public',
              test: /src[\\/]features[\\/]public[\\/](components|api|content)[\\/]/,
              minShareCount: 2,
            },
            groups.member,
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/sanctum': { target: api, changeOrigin: false },
    },
  },
});
