/**
 * The quoted-CSV field syntax of makemkvcon robot mode: comma-separated fields, strings in double
 * quotes with backslash escapes (`\"` → `"`, `\\` → `\`, `\n` `\r` `\t` → control characters;
 * any other backslash is kept as written, so Windows paths such as `C:\Movies` stay intact).
 * Commas inside strings are part of the string.
 */

const QUOTE = 34; // "
const COMMA = 44; // ,
const BACKSLASH = 92; // \

export interface Fields {
  values: string[];
  /** Which fields were quoted strings. */
  quoted: boolean[];
}

/** Splits the part after `PREFIX:` into fields; a string reason when the quoting is broken. */
export function splitFields(text: string, start = 0): Fields | string {
  const values: string[] = [];
  const quoted: boolean[] = [];
  let i = start;
  const n = text.length;
  for (;;) {
    if (i < n && text.charCodeAt(i) === QUOTE) {
      let value = '';
      let chunk = i + 1;
      let j = i + 1;
      let closed = false;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === QUOTE) {
          value += text.slice(chunk, j);
          closed = true;
          break;
        }
        if (c === BACKSLASH && j + 1 < n) {
          value += text.slice(chunk, j);
          const next = text[j + 1]!;
          if (next === '"' || next === '\\') value += next;
          else if (next === 'n') value += '\n';
          else if (next === 'r') value += '\r';
          else if (next === 't') value += '\t';
          else value += '\\' + next;
          j += 2;
          chunk = j;
          continue;
        }
        j++;
      }
      if (!closed) return `unterminated string in field ${values.length + 1}`;
      values.push(value);
      quoted.push(true);
      i = j + 1;
      if (i === n) return { values, quoted };
      if (text.charCodeAt(i) !== COMMA) return `unexpected text after the string in field ${values.length}`;
      i++;
    } else {
      const comma = text.indexOf(',', i);
      const end = comma === -1 ? n : comma;
      const raw = text.slice(i, end);
      if (raw.includes('"')) return `stray quote in field ${values.length + 1}`;
      values.push(raw);
      quoted.push(false);
      if (comma === -1) return { values, quoted };
      i = comma + 1;
    }
  }
}

/** Quotes a string the way makemkvcon does (for transcripts written by tests and the replay tool). */
export function quoteRobotString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}
