import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://localhost:3000';

/** The module of each public route's screen: its chunks are preloaded with the page (see routePreloads). */
const ROUTE_MODULES: Record<string, string> = {
  '/': 'features/public/routes/home-page.tsx',
  '/about': 'features/public/routes/info-pages.tsx',
  '/personal': 'features/public/routes/info-pages.tsx',
  '/business': 'features/public/routes/info-pages.tsx',
  '/business-plans': 'features/public/routes/info-pages.tsx',
  '/business-support': 'features/public/routes/info-pages.tsx',
  '/careers': 'features/public/routes/info-pages.tsx',
  '/terms': 'features/public/routes/info-pages.tsx',
  '/privacy': 'features/public/routes/info-pages.tsx',
  '/plans': 'features/public/routes/plans-page.tsx',
  '/help-center': 'features/public/routes/help-center-page.tsx',
  '/signup': 'features/auth/routes/signup-page.tsx',
  '/login': 'features/auth/routes/login-page.tsx',
};

/**
 * Writes route-preloads.json: for each public route, the JavaScript chunks its screen needs. The API
 * puts them in the page as <link rel="modulepreload">, so the browser fetches them with the main
 * bundle instead of after it (one round trip less before the first paint).
 */
function routePreloads(): Plugin {
  const chunksOf = (bundle: Rolldown.OutputBundle, fileName: string, seen: Set<string>) => {
    if (seen.has(fileName)) return;
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    for (const imported of chunk.imports) chunksOf(bundle, imported, seen);
  };
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      const shared = new Set<string>();
      if (entry) chunksOf(bundle, entry.fileName, shared);
      const map: Record<string, string[]> = {};
      for (const [route, module] of Object.entries(ROUTE_MODULES)) {
        const chunk = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(`/src/${module}`),
        );
        if (!chunk) continue;
        const files = new Set<string>();
        chunksOf(bundle, chunk.fileName, files);
        map[route] = [...files].filter((file) => !shared.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(map) });
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

/** The SPA: built to apps/web/dist (served by the API); in development the API is proxied. */
export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Fewer, larger shared chunks (the icons; the public site's pieces), so a page is a handful of
        // requests rather than a waterfall of tiny ones.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react/ },
            {
              name: 'public',
              test: /src[\\/]features[\\/]public[\\/](components|api|content)[\\/]/,
              minShareCount: 2,
            },
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
