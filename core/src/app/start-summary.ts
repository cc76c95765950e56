/**
 * The start-up summary: one block after "listening on" instead of a line per plugin — where the UI
 * is, the data folder, and what is missing before a disc can go through (MakeMKV, the TMDB key,
 * write access to staging and the libraries), each with where to fix it. The checks are the setup
 * wizard's (setup/readiness.ts) in their light form: nothing written, no tool run, TMDB not asked.
 */
import type { Readiness, ReadinessCheck } from '../setup/readiness.ts';

export interface SummaryFacts {
  url: string;
  dataDir: string;
  pluginsLoaded: number;
  readiness: Readiness;
}

const item = (c: ReadinessCheck) => `    - ${c.label}: ${c.detail}${c.fix ? `; ${c.fix}` : ''}`;

export function startSummary(facts: SummaryFacts): string {
  const { checks, ready } = facts.readiness;
  let blocking = checks.filter((c) => c.state === 'missing' || c.state === 'problem');
  // Neither library folder set: one line, not two.
  const unsetLibraries = blocking.filter(
    (c) => (c.id === 'library_movies' || c.id === 'library_tv') && c.state === 'missing',
  );
  if (unsetLibraries.length === 2) {
    const at = blocking.indexOf(unsetLibraries[0]!);
    blocking = blocking.filter((c) => !unsetLibraries.includes(c));
    blocking.splice(at, 0, { ...unsetLibraries[0]!, label: 'Library folders (movies, TV)', detail: 'neither is set' });
  }
  const optional = checks.filter((c) => c.state === 'optional' && c.fix);
  const lines = [
    'Start-up summary',
    `  Open ${facts.url} in a browser`,
    `  Data folder: ${facts.dataDir} (set SPINDLE_DATA_DIR to use another)`,
    `  Plugins: ${facts.pluginsLoaded} loaded`,
  ];
  if (ready) {
    const found = checks
      .filter((c) => c.state === 'ok' && (c.id === 'ripper' || c.id === 'media_tool' || c.id === 'catalog'))
      .map((c) => `${c.label}${c.version ? ` ${c.version}` : ''}${c.license ? ` (${c.license})` : ''}`);
    lines.push(`  Ready: a disc can go through (${found.join(', ')}; folders writable).`);
  } else {
    lines.push(
      '  Missing before a disc can go through:',
      ...blocking.map(item),
      `  Fix these in the setup wizard: ${facts.url}/setup`,
    );
  }
  if (optional.length > 0) lines.push('  Optional:', ...optional.map(item));
  return lines.join('\n');
}
