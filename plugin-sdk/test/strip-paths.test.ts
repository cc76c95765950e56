import { describe, expect, it } from 'vitest';
import { serviceHost, stripPaths } from '../src/index.ts';

describe('stripPaths', () => {
  it('shortens POSIX, Windows and UNC paths to their last part, folder names with spaces included', () => {
    expect(stripPaths("staging_path '/srv/staging/MY SHOW' does not exist")).toBe(
      "staging_path 'MY SHOW' does not exist",
    );
    expect(stripPaths('title 0: cannot write /lib/TV/My Show/Season 01/My Show - S01E01.mkv: EACCES')).toBe(
      'title 0: cannot write My Show - S01E01.mkv: EACCES',
    );
    expect(stripPaths('copy failed C:\\Media\\TV\\Show\\x.mkv, retry')).toBe('copy failed x.mkv, retry');
    expect(stripPaths('\\\\nas\\share\\TV\\x.mkv is gone')).toBe('x.mkv is gone');
    expect(stripPaths('The file for title 0 (title_t00.mkv) is no longer in /srv/staging/D1')).toBe(
      'The file for title 0 (title_t00.mkv) is no longer in D1',
    );
  });

  it('leaves URLs, fractions and plain text alone', () => {
    for (const text of [
      'see https://example.com/a/b for help',
      '1/2 done',
      'Job 3 completed: My Show, season 1',
      'and/or',
    ])
      expect(stripPaths(text)).toBe(text);
  });
});

describe('serviceHost', () => {
  it('is the host and port of an http(s) URL, never its path or query', () => {
    expect(serviceHost('https://discord.com/api/webhooks/1/secret')).toBe('discord.com');
    expect(serviceHost('http://10.0.0.2:32400/library?X-Plex-Token=t')).toBe('10.0.0.2:32400');
    expect(serviceHost('ftp://x/y')).toBeNull();
    expect(serviceHost('not a url')).toBeNull();
  });
});
