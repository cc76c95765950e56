/**
 * The shape of what the starter writes for one kind (stage or provider): a settings schema, the
 * factory (an object literal the SDK's types check in TypeScript and in JavaScript with checkJs
 * alike), and the kind's tests. `__ID__` is replaced with the implementation id.
 */
export interface KindTemplate {
  /** What the implementation does, for the README. */
  summary: string;
  /** Names imported from '@spindle/plugin-sdk' by the plugin. */
  sdkImports: string[];
  /** Extra import lines of the plugin (node: modules). */
  imports?: string[];
  settingsSchema: Record<string, unknown>;
  /** `(setup) => ({ ... })`. */
  factory: string;
  /** Names imported from '@spindle/plugin-sdk/testing' by the test. */
  kitImports: string[];
  testImports?: string[];
  /** `it(...)` blocks inside the describe. */
  tests: string;
}

/** The abort signal a generated test hands to a call (written into the test's source). */
export const TEST_SIGNAL = 'new AbortController().signal';
