/** @spindle/http-kit: the HTTP parts Spindle's API (core/src/http) and the fingerprint server share. */
export * from './error-body.ts';
export * from './json-body.ts';
