import { describe, expect, it } from 'vitest';
import {
  buildIssueUrl,
  ISSUE_BASE_URL,
  MAX_ISSUE_URL_LENGTH,
  TRUNCATION_NOTE,
} from '../../src/diagnostics/issue-url.ts';
import { createSanitizer } from '../../src/diagnostics/report-sanitizer.ts';

const PSEUDONYM = '3f2b8c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('createSanitizer', () => {
  it('replaces secrets (also JSON-escaped), the pseudonym and its prefix', () => {
    const sanitize = createSanitizer({
      secrets: ['s3cr"et-value', null, 'abc'],
      pseudonym: PSEUDONYM,
      homeDir: null,
      platform: 'linux',
    });
    expect(sanitize('key=s3cr"et-value json={"k":"s3cr\\"et-value"}')).toBe('key=*** json={"k":"***"}');
    expect(sanitize(`p=${PSEUDONYM} prefix=${PSEUDONYM.slice(0, 8)} upper=${PSEUDONYM.toUpperCase()}`)).toBe(
      'p=<pseudonym> prefix=<pseudonym> upper=<pseudonym>',
    );
    expect(sanitize('abc stays: too short to be a secret')).toBe('abc stays: too short to be a secret');
  });

  it('replaces the home directory only as a whole path prefix', () => {
    const sanitize = createSanitizer({ secrets: [], pseudonym: null, homeDir: '/home/ann/', platform: 'linux' });
    expect(sanitize('/home/ann/.local/share/spindle/spindle.db and /home/ann')).toBe(
      '~/.local/share/spindle/spindle.db and ~',
    );
    expect(sanitize('/home/anna/x "/home/ann" (/home/ann)')).toBe('/home/anna/x "~" (~)');
  });

  it('handles Windows home folders in any case and slash direction, and ignores a home of "/"', () => {
    const sanitize = createSanitizer({ secrets: [], pseudonym: null, homeDir: 'C:\\Users\\Ann', platform: 'win32' });
    expect(sanitize('C:\\Users\\Ann\\AppData c:/users/ann/x {"p":"C:\\\\Users\\\\Ann\\\\y"}')).toBe(
      '~\\AppData ~/x {"p":"~\\\\y"}',
    );
    expect(createSanitizer({ secrets: [], pseudonym: null, homeDir: '/', platform: 'linux' })('/usr/bin')).toBe(
      '/usr/bin',
    );
  });
});

describe('buildIssueUrl', () => {
  it('builds an encoded new-issue URL', () => {
    const url = buildIssueUrl('Bug: a & b', 'line 1\nline #2');
    expect(url).toBe(`${ISSUE_BASE_URL}?title=Bug%3A%20a%20%26%20b&body=line%201%0Aline%20%232`);
    const parsed = new URL(url);
    expect(parsed.searchParams.get('body')).toBe('line 1\nline #2');
  });

  it('truncates a long body (multi-byte text included) to stay under the limit', () => {
    const body = Array.from({ length: 3000 }, (_, i) => `- line ${i} 🎬 ünïcødé`).join('\n');
    const url = buildIssueUrl('Bug report', body);
    expect(url.length).toBeLessThan(MAX_ISSUE_URL_LENGTH);
    expect(url.length).toBeGreaterThan(MAX_ISSUE_URL_LENGTH - 400);
    const kept = new URL(url).searchParams.get('body')!;
    expect(kept.endsWith(TRUNCATION_NOTE)).toBe(true);
    expect(body.startsWith(kept.slice(0, -TRUNCATION_NOTE.length))).toBe(true);
    expect(kept).not.toContain('\uFFFD');
  });
});
