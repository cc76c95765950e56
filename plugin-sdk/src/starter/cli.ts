#!/usr/bin/env node
/** The `spindle-plugin` command of the installed SDK: `spindle-plugin new <kind> <id> [--js] [--dir <folder>]`. */
import { runStarterCli } from './cli-main.ts';

process.exitCode = await runStarterCli(
  process.argv.slice(2),
  (line) => console.log(line),
  (line) => console.error(line),
);
