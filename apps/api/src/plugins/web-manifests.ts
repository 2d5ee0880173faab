import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The web app manifests the web build writes: English's, and one per other language (decision 241). */
export const WEB_MANIFEST_FILES = 'manifest*.webmanifest';
const MANIFEST_FILE = /^manifest(\.[a-z]{2,3})?\.webmanifest$/;

/** The manifests in `distDir`, parsed; a malformed one is left out (it is then not served at all). */
function builtManifests(distDir: string): Map<string, Record<string, unknown>> {
  const manifests = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(distDir)) {
    if (!MANIFEST_FILE.test(file)) continue;
    try {
      const manifest: unknown = JSON.parse(readFileSync(join(distDir, file), 'utf8'));
      if (manifest && typeof manifest === 'object' && !Array.isArray(manifest))
        manifests.set(file, manifest as Record<string, unknown>);
    } catch {
      // Not JSON: nothing a browser could install from.
    }
  }
  return manifests;
}

/**
 * Serves each web app manifest the build wrote with the site's current name as `name` and `short_name`
 * (decision 176, amended): what a phone's install prompt and home screen show. The rest is the build's
 * (language, direction, description, icons). The static files plugin leaves these files out
 * (`WEB_MANIFEST_FILES`), and the service worker does not precache them, so a rename in the back office
 * is what the next install shows.
 */
export function registerWebManifests(
  app: FastifyInstance,
  options: { distDir: string; siteName: () => Promise<string> },
): void {
  for (const [file, manifest] of builtManifests(options.distDir)) {
    let made: { name: string; body: string } | undefined;
    app.get(`/${file}`, { schema: { hide: true } }, async (_request, reply) => {
      const name = await options.siteName();
      if (made?.name !== name) made = { name, body: JSON.stringify({ ...manifest, name, short_name: name }) };
      return reply.type('application/manifest+json').header('Cache-Control', 'no-cache').send(made.body);
    });
  }
}
