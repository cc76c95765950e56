/** DiscInserted.contentHash is optional; when a detector sends one, the conformance suite checks its form. */
import { describe, expect, it } from 'vitest';
import { validateDetection } from '../src/testing/index.ts';

const inserted = (extra: Record<string, unknown>) =>
  ({
    type: 'discInserted',
    event: { driveId: '/dev/sr0', volumeLabel: 'DISC', path: null, device: '/dev/sr0', ...extra },
  }) as Parameters<typeof validateDetection>[0];

describe('detector conformance: contentHash', () => {
  it('accepts no hash, null, and 32 uppercase hex characters', () => {
    expect(validateDetection(inserted({}))).toEqual([]);
    expect(validateDetection(inserted({ contentHash: null }))).toEqual([]);
    expect(validateDetection(inserted({ contentHash: '76D0457408AAC02877621AF15F11BD41' }))).toEqual([]);
  });

  it('rejects lowercase, short and non-string hashes', () => {
    expect(validateDetection(inserted({ contentHash: '76d0457408aac02877621af15f11bd41' }))[0]).toContain(
      'discInserted.contentHash',
    );
    expect(validateDetection(inserted({ contentHash: 'ABC' }))).toHaveLength(1);
    expect(validateDetection(inserted({ contentHash: 42 }))[0]).toContain('must be a string or null');
  });
});
