#!/usr/bin/env node
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const entry = path.join(__dirname, '..', 'dist', 'cli', 'main.js');
if (!fs.existsSync(entry)) {
  console.error('trellis: Trellis is not built yet. Run "npm run build" in ' + path.join(__dirname, '..') + ' first.');
  process.exit(1);
}
require(entry)
  .main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error('trellis: ' + (error && error.stack ? error.stack : String(error)));
    process.exit(1);
  });
