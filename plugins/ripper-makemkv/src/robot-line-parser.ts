/**
 * Parses one line of makemkvcon robot-mode output (`-r`): `PREFIX:` and quoted-CSV fields (see
 * quoted-fields.ts), checked against the shape of its kind (MSG, PRGC, PRGT, PRGV, DRV, TCOUNT,
 * CINFO, TINFO, SINFO, HSH in both its forms). Never throws: a line that does not fit its kind comes
 * back as `malformed` with the reason; a line without a known prefix is `text` (an unknown
 * `KIND:` prefix is still `text`: the collector keeps such lines and the scan reports them).
 */
import { splitFields, type Fields } from './quoted-fields.ts';
import type { ProgressValueLine, RobotLine } from './robot-lines.ts';

export type * from './robot-lines.ts';
export { quoteRobotString, splitFields } from './quoted-fields.ts';

const INTEGER = /^-?\d+$/;

class Reader {
  reason: string | null = null;
  constructor(
    private readonly fields: Fields,
    private readonly kind: string,
  ) {}

  count(min: number, max = min): boolean {
    const n = this.fields.values.length;
    if (n < min || n > max) {
      this.reason = `${this.kind} needs ${min === max ? min : `${min} to ${max === Infinity ? 'any' : max}`} fields, got ${n}`;
      return false;
    }
    return true;
  }

  int(i: number, name: string): number {
    const raw = this.fields.values[i] ?? '';
    if (this.fields.quoted[i] || !INTEGER.test(raw)) {
      this.reason ??= `${this.kind} field ${i + 1} (${name}) must be an integer, got ${JSON.stringify(raw)}`;
      return 0;
    }
    return Number(raw);
  }

  str(i: number, name: string): string {
    if (!this.fields.quoted[i]) {
      this.reason ??= `${this.kind} field ${i + 1} (${name}) must be a quoted string`;
      return '';
    }
    return this.fields.values[i]!;
  }

  get size(): number {
    return this.fields.values.length;
  }

  /** A field that is a string whether quoted or not (HSH lines are not quoted). */
  any(i: number): string {
    return this.fields.values[i] ?? '';
  }
}

type Build = (r: Reader) => RobotLine | null;

const BUILDERS: Record<string, { min: number; max?: number; build: Build }> = {
  MSG: {
    min: 5,
    max: Infinity,
    build: (r) => ({
      kind: 'MSG',
      code: r.int(0, 'code'),
      flags: r.int(1, 'flags'),
      count: r.int(2, 'count'),
      message: r.str(3, 'message'),
      format: r.str(4, 'format'),
      params: paramsOf(r),
    }),
  },
  PRGC: {
    min: 3,
    build: (r) => ({ kind: 'PRGC', code: r.int(0, 'code'), id: r.int(1, 'id'), name: r.str(2, 'name') }),
  },
  PRGT: {
    min: 3,
    build: (r) => ({ kind: 'PRGT', code: r.int(0, 'code'), id: r.int(1, 'id'), name: r.str(2, 'name') }),
  },
  PRGV: {
    min: 3,
    build: (r) => {
      const line: ProgressValueLine = {
        kind: 'PRGV',
        current: r.int(0, 'current'),
        total: r.int(1, 'total'),
        max: r.int(2, 'max'),
      };
      if (r.reason === null && line.max <= 0) r.reason = `PRGV max must be positive, got ${line.max}`;
      return line;
    },
  },
  DRV: {
    min: 7,
    build: (r) => ({
      kind: 'DRV',
      index: r.int(0, 'index'),
      state: r.int(1, 'state'),
      enabled: r.int(2, 'enabled'),
      flags: r.int(3, 'flags'),
      driveName: r.str(4, 'drive'),
      discLabel: r.str(5, 'disc label'),
      device: r.str(6, 'device'),
    }),
  },
  TCOUNT: { min: 1, build: (r) => ({ kind: 'TCOUNT', count: r.int(0, 'count') }) },
  CINFO: {
    min: 3,
    build: (r) => ({
      kind: 'CINFO',
      attribute: r.int(0, 'attribute'),
      code: r.int(1, 'code'),
      value: r.str(2, 'value'),
    }),
  },
  TINFO: {
    min: 4,
    build: (r) => ({
      kind: 'TINFO',
      title: r.int(0, 'title'),
      attribute: r.int(1, 'attribute'),
      code: r.int(2, 'code'),
      value: r.str(3, 'value'),
    }),
  },
  SINFO: {
    min: 5,
    build: (r) => ({
      kind: 'SINFO',
      title: r.int(0, 'title'),
      stream: r.int(1, 'stream'),
      attribute: r.int(2, 'attribute'),
      code: r.int(3, 'code'),
      value: r.str(4, 'value'),
    }),
  },
  HSH: {
    // `HSH:index,file,date,size`, and an older form with an empty first field: `HSH:,0,file,date,size`.
    min: 4,
    max: 5,
    build: (r) => {
      const last = r.size - 1;
      const size = r.any(last);
      if (!/^\d+$/.test(size)) {
        r.reason = `HSH field ${last + 1} (size) must be a whole number, got ${JSON.stringify(size)}`;
        return null;
      }
      if (r.size === 5 && r.any(0) !== '') {
        r.reason = 'HSH with 5 fields must start with an empty field';
        return null;
      }
      const first = r.size - 4;
      return {
        kind: 'HSH',
        index: r.int(first, 'index'),
        fileName: r.any(first + 1),
        date: r.any(first + 2),
        size: BigInt(size),
      };
    },
  },
};

function paramsOf(r: Reader): string[] {
  const params: string[] = [];
  for (let i = 5; i < r.size; i++) params.push(r.str(i, `param ${i - 4}`));
  return params;
}

const PREFIX = /^([A-Z]{3,6}):/;

/** Parses one line (without its line break). Blank lines are `text` with empty text. */
export function parseRobotLine(line: string): RobotLine {
  const match = PREFIX.exec(line);
  const spec = match ? BUILDERS[match[1]!] : undefined;
  if (!match || !spec) return { kind: 'text', text: line };
  const kind = match[1]!;
  const fields = splitFields(line, kind.length + 1);
  if (typeof fields === 'string') return { kind: 'malformed', line, reason: `${kind}: ${fields}` };
  const reader = new Reader(fields, kind);
  if (!reader.count(spec.min, spec.max ?? spec.min)) return { kind: 'malformed', line, reason: reader.reason! };
  const parsed = spec.build(reader);
  if (reader.reason !== null || parsed === null)
    return { kind: 'malformed', line, reason: reader.reason ?? `${kind} could not be read` };
  return parsed;
}
