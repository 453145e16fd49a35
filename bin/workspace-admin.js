#!/usr/bin/env node
// Runs the compiled CLI: ensureBuilt compiles the sources to dist/ first when one changed since the last
// build (and costs a few milliseconds when none did), so the CLI never lags behind the sources.
const { join } = require('node:path');

require('./build').ensureBuilt();
require(join(__dirname, '..', 'dist', 'bootstrap', 'cli-main.js'))
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
