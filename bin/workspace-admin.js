#!/usr/bin/env node
// Runs the compiled CLI when the project is built, the TypeScript sources otherwise.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const built = join(__dirname, '..', 'dist', 'bootstrap', 'cli-main.js');
let cli;
if (existsSync(built)) cli = require(built);
else {
  require('tsx/cjs');
  cli = require(join(__dirname, '..', 'bootstrap', 'cli-main.ts'));
}
cli.main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
