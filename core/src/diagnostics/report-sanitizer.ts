/**
 * Scrubs text that leaves the machine (the diagnostics report): every configured secret becomes
 * "***", the contribution pseudonym (and its 8-character prefix, which the contribution log
 * uses) becomes "<pseudonym>", and the home directory becomes "~". JSON-escaped spellings are
 * scrubbed too, since log fields are rendered as JSON.
 */

export interface SanitizerInput {
  secrets: Iterable<string | null | undefined>;
  pseudonym: string | null;
  homeDir: string | null;
  /** Windows paths compare case-insensitively. */
  platform?: NodeJS.Platform;
}

/** Values shorter than this are not treated as secrets (blanking "ab" everywhere would shred the text). */
export const MIN_SECRET_LENGTH = 4;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

function spellings(value: string): string[] {
  return [...new Set([value, jsonEscaped(value), encodeURIComponent(value)])];
}

export type Sanitizer = (text: string) => string;

export function createSanitizer(input: SanitizerInput): Sanitizer {
  const secrets = [
    ...new Set([...input.secrets].filter((v): v is string => typeof v === 'string' && v.length >= MIN_SECRET_LENGTH)),
  ]
    .flatMap(spellings)
    .sort((a, b) => b.length - a.length);
  const pseudonym = input.pseudonym && input.pseudonym.length >= 8 ? input.pseudonym : null;
  const home = homePattern(input.homeDir, input.platform ?? process.platform);

  return (text) => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join('***');
    if (pseudonym) {
      out = out.replace(new RegExp(escapeRegExp(pseudonym), 'gi'), '<pseudonym>');
      out = out.replace(new RegExp(escapeRegExp(pseudonym.slice(0, 8)), 'gi'), '<pseudonym>');
    }
    if (home) out = out.replace(home, '~');
    return out;
  };
}

/**
 * Matches the home directory where it is a whole path prefix (`/home/ann` in `/home/ann/x` or at
 * the end, not in `/home/anna`). Windows: either slash direction, JSON-escaped backslashes, any case.
 */
function homePattern(homeDir: string | null, platform: NodeJS.Platform): RegExp | null {
  if (!homeDir) return null;
  const trimmed = homeDir.replace(/[\\/]+$/, '');
  if (trimmed.length < 2) return null; // a home of "/" would turn every path into "~"
  const variants = new Set([trimmed]);
  if (platform === 'win32') {
    variants.add(trimmed.replace(/\\/g, '/'));
    variants.add(trimmed.replace(/\\/g, '\\\\'));
  }
  const alternatives = [...variants]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return new RegExp(`(?:${alternatives})(?=[\\\\/"'\`\\s,;:)\\]}]|$)`, platform === 'win32' ? 'gim' : 'gm');
}
