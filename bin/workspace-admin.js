#!/usr/bin/env node
// Runs the CLI from the TypeScript sources (through tsx), so it never lags behind them; a build
// shipped without sources runs the compiled one.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const source = join(__dirname, '..', 'bootstrap', 'cli-main.ts');
let cli;
if (existsSync(source)) {
  require('tsx/cjs');
  cli = require(source);
} else {
  cli = require(join(__dirname, '..', 'dist', 'bootstrap', 'cli-main.js'));
}
cli.main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
