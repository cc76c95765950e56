/**
 * `@spindle/plugin-sdk/testing`: a fake StageContext and one conformance suite per stage kind,
 * for plugin authors' own tests. No dependency on any test runner.
 */
export * from './fake-context.ts';
export * from './recording-logger.ts';
export * from './recording-progress.ts';
export * from './recording-sink.ts';
export * from './memory-store.ts';
export * from './memory-fingerprint-network.ts';
export * from './provider-table.ts';
export * from './recording-http-server.ts';
export * from './sample-values.ts';
export * from './create-stage.ts';
export * from './detector-runs.ts';
export * from './wait-until.ts';
export * from './read-manifest.ts';
export * from './test-media.ts';
export * from './conformance/index.ts';
