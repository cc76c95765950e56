/** `@spindle/plugin-sdk/starter`: writes a new plugin folder (used by `spindle plugin new` and `spindle-plugin new`). */
export * from './write-starter.ts';
export { runStarterCli } from './cli-main.ts';
