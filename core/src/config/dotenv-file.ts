/**
 * A tiny `.env` parser: `KEY=VALUE` lines, optional `export ` prefix, `#` comments (whole-line,
 * or after whitespace in an unquoted value), single quotes (literal) and double quotes (with
 * \n, \r, \t, \" and \\ escapes). Malformed lines are skipped, as dotenv does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '@spindle/plugin-sdk';

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

export function parseDotenv(source: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of source.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(line)) continue;
    const match = LINE.exec(line);
    if (!match) continue;
    const value = parseValue(match[2]!);
    if (value !== undefined) values[match[1]!] = value;
  }
  return values;
}

function parseValue(raw: string): string | undefined {
  const quote = raw[0];
  if (quote === "'") {
    const end = raw.indexOf("'", 1);
    return end < 0 ? undefined : raw.slice(1, end);
  }
  if (quote === '"') {
    let out = '';
    for (let i = 1; i < raw.length; i++) {
      const ch = raw[i]!;
      if (ch === '"') return out;
      if (ch === '\\' && i + 1 < raw.length) {
        const next = raw[++i]!;
        out += ESCAPES[next] ?? `\\${next}`;
      } else {
        out += ch;
      }
    }
    return undefined; // unterminated
  }
  return raw.replace(/\s+#.*$/, '').trim();
}

/** Reads `<dir>/.env`; a missing file is an empty map. */
export function readDotenvFile(dir: string): Record<string, string> {
  const file = path.join(dir, '.env');
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigurationError('env_file_unreadable', `Cannot read ${file}`, { cause });
  }
  return parseDotenv(source);
}
