export * from './fingerprint-server.ts';
export * from './server-settings.ts';
export * from './identify/fingerprint-compare.ts';
export { MATCH_SCORE } from './identify/identify-service.ts';
export { AGREEMENT_SCORE } from './identify/promotion-service.ts';
