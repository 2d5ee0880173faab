// The API's build: our TypeScript (apps/api and the workspace packages it imports, @app/db and
// @app/shared) bundled by esbuild into one ES module, apps/api/dist/server.js; every npm package stays
// an import of node_modules, as under tsx. `npm start`, the e2e suite and the benchmarks run that file
// (scripts/api-command.mjs); `npm run dev` keeps tsx in watch mode. Decision 100.
//
// A build is current when every file that went into it still has the content it had: the build writes
// the SHA-256 of each of its inputs (esbuild's metafile lists them) to build-info.json beside it, and
// `ensureApiBuild` compares before each start (about 200 files, a few milliseconds) and builds again
// when one differs or is gone. A new source file is found too: it only enters the bundle through an
// import added to a file that was already in it. Run directly (`node scripts/build-api.mjs`) it builds.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const API_ENTRY = 'apps/api/src/server.ts';
export const API_OUT_DIR = 'apps/api/dist';

const INFO = 'build-info.json';
/** The npm packages our workspaces depend on (not our own @app/ packages, which are TypeScript). */
function npmPackages(root) {
  const names = new Set();
  for (const folder of ['.', 'apps/api', 'packages/db', 'packages/shared']) {
    const file = join(root, folder, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'])
      for (const name of Object.keys(manifest[field] ?? {})) if (!name.startsWith('@app/')) names.add(name);
  }
  return [...names];
}
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** Anything that changes the output without being an input: this script and esbuild's version. */
function toolHash() {
  const esbuildVersion = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/esbuild/package.json'), 'utf8'),
  ).version;
  return createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(esbuildVersion)
    .digest('hex');
}

/** Bundles `entry` (relative to `root`) into `outDir/server.js` and records its inputs' hashes. */
export function buildApi({ root = ROOT, entry = API_ENTRY, outDir = API_OUT_DIR } = {}) {
  const out = resolve(root, outDir);
  // Built beside and moved into place file by file (a rename is atomic), so that a process starting
  // while another builds (parallel test files, e2e workers) runs a whole build, old or new.
  const work = join(out, `.building-${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: join(work, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node of package.json's engines: esbuild keeps import attributes (`with { type: 'json' }`)
    // only for targets that support them, and Node refuses a JSON import without one.
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Every npm package stays an import, resolved from the output's folder through node_modules as
    // from the sources; only our workspace packages (TypeScript) are bundled.
    external: npmPackages(root).flatMap((name) => [name, `${name}/*`]),
  });
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) inputs[input] = sha256(resolve(root, input));
  writeFileSync(
    join(work, INFO),
    JSON.stringify({ tool: root === ROOT ? toolHash() : '', entry, inputs }, null, 1) + '\n',
  );
  for (const file of ['server.js.map', 'server.js', INFO]) renameSync(join(work, file), join(out, file));
  rmSync(work, { recursive: true, force: true });
  return { outFile: join(out, 'server.js'), inputs: Object.keys(inputs) };
}

/** Why the build in `outDir` is not current (a sentence), or null when it is. */
export function staleReason({ root = ROOT, entry = API_ENTRY, outDir = API_OUT_DIR } = {}) {
  const out = resolve(root, outDir);
  const infoFile = join(out, INFO);
  if (!existsSync(join(out, 'server.js')) || !existsSync(infoFile)) return 'no build yet';
  let info;
  try {
    info = JSON.parse(readFileSync(infoFile, 'utf8'));
  } catch {
    return `${INFO} is unreadable`;
  }
  if (info.entry !== entry) return 'another entry';
  if (root === ROOT && info.tool !== toolHash()) return 'the build script or esbuild changed';
  for (const [input, hash] of Object.entries(info.inputs ?? {})) {
    const file = resolve(root, input);
    if (!existsSync(file)) return `${input} is gone`;
    if (sha256(file) !== hash) return `${relative(root, file)} changed`;
  }
  return null;
}

/** Builds the API when its build is missing or older than its sources; answers the file to run. */
export function ensureApiBuild(options = {}) {
  const reason = staleReason(options);
  if (reason === null) return join(resolve(options.root ?? ROOT, options.outDir ?? API_OUT_DIR), 'server.js');
  const started = Date.now();
  const { outFile } = buildApi(options);
  if (!options.quiet) console.log(`Built the API (${reason}) in ${Date.now() - started} ms.`);
  return outFile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { outFile, inputs } = buildApi();
  console.log(`Built ${relative(ROOT, outFile)} from ${inputs.length} files.`);
}
