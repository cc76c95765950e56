/** Shape rules for what a ripper returns. */
import { isAbsolute } from 'node:path';
import type { RipRequest } from '../../stages/ripper.ts';
import { Problems } from './problems.ts';

export const CONTENT_HASH_PATTERN = /^[0-9A-F]{32}$/;
const DISC_TYPES = ['dvd', 'bluray', 'folder', 'unknown'] as const;

export function validateDiscScan(scan: unknown): string[] {
  const p = new Problems();
  if (!p.object('scan', scan)) return p.list;
  p.string('scan.volumeLabel', scan.volumeLabel);
  p.oneOf('scan.discType', scan.discType, DISC_TYPES);
  if (
    scan.contentHash !== null &&
    !(typeof scan.contentHash === 'string' && CONTENT_HASH_PATTERN.test(scan.contentHash))
  ) {
    p.add(`scan.contentHash must be null or 32 uppercase hex characters, got ${JSON.stringify(scan.contentHash)}`);
  }
  if (!p.array('scan.titles', scan.titles)) return p.list;
  const seen = new Set<number>();
  scan.titles.forEach((title: unknown, i) => {
    const at = `scan.titles[${i}]`;
    if (!p.object(at, title)) return;
    p.number(`${at}.index`, title.index, { integer: true, min: 0 });
    if (typeof title.index === 'number') {
      if (seen.has(title.index)) p.add(`${at}.index ${title.index} is used by another title`);
      seen.add(title.index);
    }
    p.number(`${at}.durationSeconds`, title.durationSeconds, { min: 0 });
    p.number(`${at}.sizeBytes`, title.sizeBytes, { integer: true, min: 0 });
    p.string(`${at}.resolution`, title.resolution, { nullable: true, nonEmpty: true });
    if (title.chapters !== undefined) p.number(`${at}.chapters`, title.chapters, { integer: true, min: 0 });
    for (const key of ['sourceFile', 'segmentMap', 'outputFileName', 'name'] as const)
      p.optionalString(`${at}.${key}`, title[key]);
  });
  return p.list;
}

/** Every requested title is accounted for exactly once, as a file or as a failure. */
export function validateRipResult(result: unknown, request: RipRequest): string[] {
  const p = new Problems();
  if (!p.object('result', result)) return p.list;
  const requested = new Set(request.titles.map((t) => t.index));
  const accounted = new Map<number, string>();
  const account = (index: unknown, at: string) => {
    if (typeof index !== 'number') return;
    if (!requested.has(index)) p.add(`${at} reports title ${index}, which was not requested`);
    if (accounted.has(index)) p.add(`${at} reports title ${index} again (already in ${accounted.get(index)})`);
    accounted.set(index, at);
  };
  if (p.array('result.files', result.files)) {
    result.files.forEach((file: unknown, i) => {
      const at = `result.files[${i}]`;
      if (!p.object(at, file)) return;
      p.number(`${at}.titleIndex`, file.titleIndex, { integer: true, min: 0 });
      p.string(`${at}.path`, file.path, { nonEmpty: true });
      if (typeof file.path === 'string' && !isAbsolute(file.path)) p.add(`${at}.path "${file.path}" must be absolute`);
      p.number(`${at}.sizeBytes`, file.sizeBytes, { integer: true, min: 0 });
      account(file.titleIndex, at);
    });
  }
  if (p.array('result.failed', result.failed)) {
    result.failed.forEach((failure: unknown, i) => {
      const at = `result.failed[${i}]`;
      if (!p.object(at, failure)) return;
      p.number(`${at}.titleIndex`, failure.titleIndex, { integer: true, min: 0 });
      p.string(`${at}.message`, failure.message, { nonEmpty: true });
      account(failure.titleIndex, at);
    });
  }
  for (const index of requested)
    if (!accounted.has(index)) p.add(`requested title ${index} is neither in files nor in failed`);
  return p.list;
}
