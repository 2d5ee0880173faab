import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The web app manifests the web build writes: English's, and one per other language (decision 241).
 * The static files plugin leaves out every file this glob names; `builtManifests` serves those of them
 * whose name is a language's (and logs any other).
 */
export const WEB_MANIFEST_FILES = 'manifest*.webmanifest';
const MANIFEST_FILE = /^manifest(\.[a-z]{2,3})?\.webmanifest$/;

/** The manifests in `distDir`, parsed; one that is malformed or oddly named is logged and not served. */
function builtManifests(app: FastifyInstance, distDir: string): Map<string, Record<string, unknown>> {
  const manifests = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(distDir)) {
    if (!file.startsWith('manifest') || !file.endsWith('.webmanifest')) continue;
    let manifest: unknown;
    try {
      manifest = MANIFEST_FILE.test(file) ? JSON.parse(readFileSync(join(distDir, file), 'utf8')) : null;
    } catch {
      manifest = null; // Not JSON: nothing a browser could install from.
    }
    if (manifest && typeof manifest === 'object' && !Array.isArray(manifest))
      manifests.set(file, manifest as Record<string, unknown>);
    else app.log.warn({ file }, 'web app manifest not served: not a language manifest of the web build');
  }
  return manifests;
}

/**
 * Serves each web app manifest the build wrote with the site's current name as `name` and `short_name`
 * (decision 176, amended): what a phone's install prompt and home screen show. The rest is the build's
 * (language, direction, description, icons). The static files plugin leaves these files out
 * (`WEB_MANIFEST_FILES`), and the service worker does not precache them, so a rename in the back office
 * is what the next install shows. Answers the paths it serves ('/manifest.webmanifest', …).
 */
export function registerWebManifests(
  app: FastifyInstance,
  options: { distDir: string; siteName: () => Promise<string> },
): Set<string> {
  const served = new Set<string>();
  for (const [file, manifest] of builtManifests(app, options.distDir)) {
    served.add(`/${file}`);
    let made: { name: string; body: string } | undefined;
    app.get(`/${file}`, { schema: { hide: true } }, async (_request, reply) => {
      const name = await options.siteName();
      if (made?.name !== name) made = { name, body: JSON.stringify({ ...manifest, name, short_name: name }) };
      return reply.type('application/manifest+json').header('Cache-Control', 'no-cache').send(made.body);
    });
  }
  return served;
}
