/** Shape rules for what a matcher returns. */
import { Problems } from './problems.ts';
import { ASSIGNMENTS } from './validate-identification.ts';

function validateEpisodeFields(p: Problems, at: string, v: Record<string, unknown>): void {
  p.oneOf(`${at}.kind`, v.kind, ASSIGNMENTS);
  p.number(`${at}.season`, v.season, { integer: true, min: 0, nullable: true });
  p.number(`${at}.episode`, v.episode, { integer: true, min: 0, nullable: true });
  p.number(`${at}.episodeEnd`, v.episodeEnd, { integer: true, min: 0, nullable: true });
  p.string(`${at}.edition`, v.edition, { nullable: true, nonEmpty: true });
  if (v.kind === 'episode' && (v.season === null || v.episode === null))
    p.add(`${at} is an episode but lacks a season or episode number`);
  if (typeof v.episodeEnd === 'number' && typeof v.episode === 'number' && v.episodeEnd < v.episode) {
    p.add(`${at}.episodeEnd ${v.episodeEnd} is before episode ${v.episode}`);
  }
  if (v.kind !== 'episode' && v.episodeEnd !== null) p.add(`${at}.episodeEnd is set on a ${String(v.kind)}`);
}

export function validateMatchResult(value: unknown): string[] {
  const p = new Problems();
  if (!p.object('match', value)) return p.list;
  validateEpisodeFields(p, 'match', value);
  p.unit('match.confidence', value.confidence);
  p.string('match.source', value.source, { nonEmpty: true, pattern: /^[a-z][a-z0-9_]*$/ });
  if (p.array('match.components', value.components)) {
    if (value.components.length === 0) p.add('match.components is empty; name at least one score component');
    const names = new Set<string>();
    value.components.forEach((c: unknown, i) => {
      const at = `match.components[${i}]`;
      if (!p.object(at, c)) return;
      p.string(`${at}.name`, c.name, { nonEmpty: true });
      p.unit(`${at}.value`, c.value);
      p.number(`${at}.weight`, c.weight, { min: 0 });
      p.optionalString(`${at}.detail`, c.detail);
      if (typeof c.name === 'string') {
        if (names.has(c.name)) p.add(`${at}.name "${c.name}" is used twice`);
        names.add(c.name);
      }
    });
  }
  if (p.array('match.candidates', value.candidates)) {
    value.candidates.forEach((c: unknown, i) => {
      const at = `match.candidates[${i}]`;
      if (!p.object(at, c)) return;
      validateEpisodeFields(p, at, c);
      p.unit(`${at}.score`, c.score);
    });
  }
  return p.list;
}
