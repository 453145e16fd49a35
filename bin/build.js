#!/usr/bin/env node
// Compiles the TypeScript sources to dist/ when, and only when, they changed since the last build: `npm
// start` runs it first (prestart), the operator CLI before its command. A build that is up to date costs
// a walk over the sources' file times (milliseconds); a stale one runs tsc incrementally.
//
//   node bin/build.js            build if needed
//   node bin/build.js --force    build everything again
'use strict';
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = join(__dirname, '..');
/** What tsconfig.json compiles, and the two files that change how it compiles. */
const SOURCE_DIRS = ['domain', 'application', 'adapters', 'bootstrap'];
const SOURCE_FILES = ['tsconfig.json', 'package.json'];
const SOURCE = /^[^.].*\.(ts|tsx|mts|cts|json)$/;
/** What the callers run: a build without them is no build. */
const ENTRIES = [join('dist', 'bootstrap', 'server-main.js'), join('dist', 'bootstrap', 'cli-main.js')];
const STAMP = join('dist', '.build-stamp');
const BUILD_INFO = join('dist', '.tsbuildinfo');

/**
 * Every source's path, size and modification time, and the compiler's version, as one hash. Any edit,
 * a file added or removed, or an older copy put back changes it; a file's time alone (a checkout) too.
 */
function fingerprint(root) {
  const lines = [`typescript ${require('typescript/package.json').version}`];
  const add = (rel) => {
    const s = statSync(join(root, rel), { throwIfNoEntry: false });
    if (s && s.isFile()) lines.push(`${rel}\t${s.size}\t${s.mtimeMs}`);
  };
  const walk = (rel) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules') walk(path);
      } else if (SOURCE.test(entry.name)) {
        add(path);
      }
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(dir);
  for (const file of SOURCE_FILES) add(file);
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

/** Why dist/ must be built again, or null when it is up to date (or there are no sources to build it from). */
function staleReason(root = ROOT) {
  if (!SOURCE_DIRS.some((dir) => existsSync(join(root, dir)))) return null; // a build shipped without its sources
  if (!existsSync(join(root, STAMP))) return 'no build yet';
  const missing = ENTRIES.find((entry) => !existsSync(join(root, entry)));
  if (missing) return `${missing} is missing`;
  if (readFileSync(join(root, STAMP), 'utf8') !== fingerprint(root)) return 'the sources changed since the last build';
  return null;
}

/** Records the sources as they are now as built. */
function markBuilt(root, print = fingerprint(root)) {
  writeFileSync(join(root, STAMP), print);
}

/** Builds dist/ when it is stale; one line on stderr says so. Throws when tsc fails (its errors go to stderr). */
function ensureBuilt(root = ROOT) {
  const reason = staleReason(root);
  if (!reason) return;
  process.stderr.write(`build: compiling the TypeScript sources to dist/ (${reason})\n`);
  const print = fingerprint(root); // as compiled: an edit during the build is built next time
  // tsc's incremental state does not know that outputs were deleted: without them, start from nothing.
  if (ENTRIES.some((entry) => !existsSync(join(root, entry)))) rmSync(join(root, BUILD_INFO), { force: true });
  // stdout stays clean (the CLI prints one JSON object there): the compiler's messages go to stderr.
  // Required here, not above: a build that is up to date (every call of the CLI but the first) never spawns.
  const { spawnSync } = require('node:child_process');
  const tsc = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', BUILD_INFO],
    {
      cwd: root,
      stdio: ['ignore', 2, 2],
    },
  );
  if (tsc.error) throw tsc.error;
  if (tsc.status !== 0) throw new Error(`the TypeScript sources do not compile (tsc exited ${tsc.status ?? tsc.signal}): see above`);
  markBuilt(root, print);
}

/** The next `ensureBuilt` compiles everything. */
function forget(root = ROOT) {
  rmSync(join(root, STAMP), { force: true });
  rmSync(join(root, BUILD_INFO), { force: true });
}

module.exports = { ensureBuilt, staleReason, markBuilt, forget };

if (require.main === module) {
  const { values } = parseArgs({ options: { force: { type: 'boolean' }, root: { type: 'string' } } });
  const root = values.root ?? ROOT;
  try {
    if (values.force) forget(root);
    ensureBuilt(root);
  } catch (err) {
    process.stderr.write(`build: ${err.message}\n`);
    process.exit(1);
  }
}
