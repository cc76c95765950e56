/** Shape rules for an organizer's plan and outcome. */
import { isAbsolute, relative, resolve } from 'node:path';
import type { OrganizeInput, OrganizePlan } from '../../values.ts';
import { Problems } from './problems.ts';

const ACTIONS = ['move', 'skip', 'review'] as const;
const STATUSES = ['moved', 'skipped', 'review', 'failed'] as const;

export function isInside(folder: string, path: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** Every input title is planned once, moves go to distinct paths inside the library roots. */
export function validateOrganizePlan(plan: unknown, input: OrganizeInput): string[] {
  const p = new Problems();
  if (!p.object('plan', plan) || !p.array('plan.moves', plan.moves)) return p.list;
  const byIndex = new Map(input.titles.map((t) => [t.titleIndex, t]));
  const planned = new Set<number>();
  const targets = new Set<string>();
  plan.moves.forEach((move: unknown, i) => {
    const at = `plan.moves[${i}]`;
    if (!p.object(at, move)) return;
    p.number(`${at}.titleIndex`, move.titleIndex, { integer: true, min: 0 });
    p.oneOf(`${at}.action`, move.action, ACTIONS);
    p.string(`${at}.reason`, move.reason, { nullable: true, nonEmpty: true });
    if (move.overwrite !== undefined) p.boolean(`${at}.overwrite`, move.overwrite);
    if (move.action === 'review' && move.reason === null) p.add(`${at} sends the title to review without a reason`);
    const title = typeof move.titleIndex === 'number' ? byIndex.get(move.titleIndex) : undefined;
    if (typeof move.titleIndex === 'number') {
      if (!title) p.add(`${at} plans title ${move.titleIndex}, which is not in the input`);
      if (planned.has(move.titleIndex)) p.add(`${at} plans title ${move.titleIndex} twice`);
      planned.add(move.titleIndex);
    }
    if (title && move.from !== title.filePath)
      p.add(`${at}.from "${String(move.from)}" is not the title's file "${title.filePath}"`);
    if (move.action === 'move') {
      p.string(`${at}.to`, move.to, { nonEmpty: true });
      if (typeof move.to !== 'string') return;
      if (!isAbsolute(move.to)) p.add(`${at}.to "${move.to}" must be absolute`);
      if (!isInside(input.libraryMoviesPath, move.to) && !isInside(input.libraryTvPath, move.to)) {
        p.add(`${at}.to "${move.to}" is outside both library roots`);
      }
      const key = resolve(move.to);
      if (targets.has(key)) p.add(`${at}.to "${move.to}" is also the target of another title`);
      targets.add(key);
    } else {
      p.string(`${at}.to`, move.to, { nullable: true });
    }
  });
  for (const index of byIndex.keys()) if (!planned.has(index)) p.add(`title ${index} is missing from the plan`);
  return p.list;
}

/** The outcome reports each planned title once, consistent with its planned action. */
export function validateOrganizeOutcome(outcome: unknown, plan: OrganizePlan): string[] {
  const p = new Problems();
  if (!p.object('outcome', outcome) || !p.array('outcome.titles', outcome.titles)) return p.list;
  const moves = new Map(plan.moves.map((m) => [m.titleIndex, m]));
  const seen = new Set<number>();
  const movedPaths: string[] = [];
  outcome.titles.forEach((t: unknown, i) => {
    const at = `outcome.titles[${i}]`;
    if (!p.object(at, t)) return;
    p.oneOf(`${at}.status`, t.status, STATUSES);
    p.string(`${at}.path`, t.path, { nullable: true });
    p.string(`${at}.message`, t.message, { nullable: true });
    const move = typeof t.titleIndex === 'number' ? moves.get(t.titleIndex) : undefined;
    if (!move) {
      p.add(`${at} reports title ${String(t.titleIndex)}, which is not in the plan`);
      return;
    }
    if (seen.has(move.titleIndex)) p.add(`${at} reports title ${move.titleIndex} twice`);
    seen.add(move.titleIndex);
    if (move.action === 'skip' && t.status !== 'skipped') p.add(`${at}: a planned skip ended as "${String(t.status)}"`);
    if (move.action === 'review' && t.status !== 'review')
      p.add(`${at}: a planned review ended as "${String(t.status)}"`);
    if (move.action === 'move' && t.status === 'moved') {
      if (t.path !== move.to) p.add(`${at}.path "${String(t.path)}" is not the planned target "${String(move.to)}"`);
      if (typeof t.path === 'string') movedPaths.push(t.path);
    }
    if (move.action === 'move' && t.status === 'skipped') p.add(`${at}: a planned move ended as "skipped"`);
    if (t.status === 'failed') p.string(`${at}.message`, t.message, { nonEmpty: true });
  });
  for (const index of moves.keys()) if (!seen.has(index)) p.add(`title ${index} is missing from the outcome`);
  p.string('outcome.libraryPath', outcome.libraryPath, { nullable: true, nonEmpty: true });
  if (movedPaths.length > 0) {
    const folder = outcome.libraryPath;
    if (typeof folder !== 'string') p.add('outcome.libraryPath is null although files were moved');
    else
      for (const path of movedPaths)
        if (!isInside(folder, path)) p.add(`moved file "${path}" is not inside libraryPath "${folder}"`);
  }
  return p.list;
}
