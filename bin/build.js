// Compiles the project to dist/ when the compiled CLI is missing or older than a source file.
// A minimal stand-in: the build module of the server's start-up work replaces it, with the same export.
const { execFileSync } = require('node:child_process');
const { readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const SOURCES = ['domain', 'application', 'adapters', 'bootstrap'];
const TARGET = join(ROOT, 'dist', 'bootstrap', 'cli-main.js');

/** The newest modification time of a `.ts` file under `dir`. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function targetTime() {
  try {
    return statSync(TARGET).mtimeMs;
  } catch {
    return -1;
  }
}

/** Synchronous, so a bin script can call it before it requires dist/. Compiler output goes to stderr. */
function ensureBuilt() {
  const built = targetTime();
  const newest = Math.max(statSync(join(ROOT, 'tsconfig.json')).mtimeMs, ...SOURCES.map((d) => newestSource(join(ROOT, d))));
  if (built >= newest) return;
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.json')], {
    cwd: ROOT, stdio: ['ignore', 2, 2],
  });
}

module.exports = { ensureBuilt };
