/**
 * SRT parsing and cleaning: cues with times in seconds, and their dialogue without formatting
 * tags, hearing-impaired cues, speaker labels, music and credit lines — the text that speech in
 * the episode can be compared with.
 */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIME = /(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})/;
const ARROW = new RegExp(`${TIME.source}\\s*-->\\s*${TIME.source}`);

function seconds(h: string, m: string, s: string, ms: string): number {
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, '0')) / 1000;
}

/** Parses SRT text (tolerant of BOMs, CRLF, missing indexes and blank-line noise). */
export function parseSrt(srt: string): Cue[] {
  const cues: Cue[] = [];
  const lines = srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  let current: Cue | null = null;
  const push = () => {
    if (current && current.text.trim() !== '') cues.push({ ...current, text: current.text.trim() });
    current = null;
  };
  for (const line of lines) {
    const m = ARROW.exec(line);
    if (m) {
      push();
      current = { start: seconds(m[1]!, m[2]!, m[3]!, m[4]!), end: seconds(m[5]!, m[6]!, m[7]!, m[8]!), text: '' };
      continue;
    }
    if (line.trim() === '') {
      push();
      continue;
    }
    if (current) current.text += (current.text ? '\n' : '') + line;
  }
  push();
  return cues;
}

const CREDIT =
  /(subtitle[sd]?\b|sync(ed|hroni[sz]ed)?\b|captioning|opensubtitles|addic7ed|www\.|https?:|\.com\b|\.org\b|transcript\b|corrected by|ripped by)/i;

/** The spoken words of one cue, or '' when the cue holds none. */
export function cleanCueText(text: string): string {
  const lines = text
    .replace(/<[^>]*>/g, ' ') // <i>, <font …>
    .replace(/\{[^}]*\}/g, ' ') // {\an8}
    .replace(/\[[^\]]*\]/g, ' ') // [door slams]
    .replace(/\([^)]*\)/g, ' ') // (laughs)
    .split('\n')
    .map((line) => line.replace(/^\s*-\s*/, '').replace(/^[A-Z][A-Z0-9 .'-]{1,30}:\s*/, '')); // "- JOHN: hello" → "hello"
  return lines
    .filter((line) => !/[♪♫#]/.test(line) && !CREDIT.test(line))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cues reduced to their spoken words; cues left empty are dropped. */
export function cleanCues(cues: readonly Cue[]): Cue[] {
  return cues.map((c) => ({ ...c, text: cleanCueText(c.text) })).filter((c) => c.text !== '');
}
