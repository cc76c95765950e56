/**
 * A pre-filled GitHub "new issue" URL. Browsers and GitHub refuse very long URLs, so the body is
 * cut (at a line end when possible) until the whole URL stays under the limit.
 */

export const ISSUE_BASE_URL = 'https://github.com/spindle-archiver/spindle/issues/new';
/** The URL is always shorter than this many characters. */
export const MAX_ISSUE_URL_LENGTH = 8000;
export const TRUNCATION_NOTE =
  '\n\n_(Report truncated to fit in a link; copy the full report from Spindle’s diagnostics page.)_';

function compose(base: string, title: string, body: string): string {
  return `${base}?title=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
}

/** Drops a trailing lone high surrogate so encodeURIComponent never throws. */
function cleanCut(text: string, length: number): string {
  let cut = text.slice(0, length);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

export function buildIssueUrl(
  title: string,
  body: string,
  maxLength = MAX_ISSUE_URL_LENGTH,
  base = ISSUE_BASE_URL,
): string {
  const safeTitle = cleanCut(title, 200);
  const full = compose(base, safeTitle, body);
  if (full.length < maxLength) return full;
  // Longest prefix of the body whose URL (with the note) fits: binary search over the length.
  let low = 0;
  let high = body.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (compose(base, safeTitle, cleanCut(body, mid) + TRUNCATION_NOTE).length < maxLength) low = mid;
    else high = mid - 1;
  }
  let kept = cleanCut(body, low);
  const lineEnd = kept.lastIndexOf('\n');
  if (lineEnd > kept.length / 2) kept = kept.slice(0, lineEnd);
  const url = compose(base, safeTitle, kept + TRUNCATION_NOTE);
  // Only possible when the title alone nearly fills the limit.
  return url.length < maxLength ? url : compose(base, safeTitle, '').slice(0, maxLength - 1);
}
