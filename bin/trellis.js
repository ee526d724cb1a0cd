#!/usr/bin/env node
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const entry = path.join(__dirname, '..', 'dist', 'cli', 'main.js');
if (!fs.existsSync(entry)) {
  console.error('trellis: Trellis is not built yet. Run "npm run build" in ' + path.join(__dirname, '..') + ' first.');
  process.exit(1);
}

/**
 * Exits once stdout and stderr have drained: into a pipe they are asynchronous, and exiting at
 * once would cut `trellis … --json | jq` at the pipe's buffer (64 KiB).
 */
function exitAfterFlush(code) {
  let pending = 2;
  const done = () => --pending === 0 && process.exit(code);
  process.stdout.write('', done);
  process.stderr.write('', done);
}

require(entry)
  .main(process.argv.slice(2))
  .then(exitAfterFlush)
  .catch((error) => {
    console.error('trellis: ' + (error && error.stack ? error.stack : String(error)));
    exitAfterFlush(1);
  });
