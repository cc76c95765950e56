#!/usr/bin/env node
/*
 * npm runs native-module builds through this file (the `node-gyp` setting in .npmrc). It runs npm's
 * own node-gyp with the C headers of the Node 24 that the `node` devDependency installs, so a build
 * needs no header download and matches the Node that runs Spindle, whatever Node runs npm itself.
 * While those headers are not there yet (npm installs the `node` package alongside the others) the
 * headers of the Node running this file are used when it has them; else node-gyp runs as npm would.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { dirname, join } = require('node:path');

const repoRoot = join(__dirname, '..');
const headers = join(repoRoot, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);

function npmNodeGyp() {
  const candidates = [];
  if (process.env.npm_execpath) candidates.push(dirname(dirname(process.env.npm_execpath)));
  candidates.push(dirname(dirname(process.execPath)) + '/lib/node_modules/npm');
  for (const npmDir of candidates) {
    try {
      return require.resolve('node-gyp/bin/node-gyp.js', { paths: [npmDir] });
    } catch {
      // try the next place
    }
  }
  return null;
}

const nodeGyp = npmNodeGyp();
if (!nodeGyp) {
  process.stderr.write('scripts/node-gyp.cjs: npm\'s node-gyp was not found (npm_execpath is not set).\n');
  process.exit(1);
}
const env = { ...process.env };
const hasHeaders = (dir) => existsSync(join(dir, 'include', 'node', 'node.h'));
const ownPrefix = dirname(dirname(process.execPath));
if (hasHeaders(headers)) env.npm_config_nodedir = headers;
else if (hasHeaders(ownPrefix)) env.npm_config_nodedir = ownPrefix;
const result = spawnSync(process.execPath, [nodeGyp, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
