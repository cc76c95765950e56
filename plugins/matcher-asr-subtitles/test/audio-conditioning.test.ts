import type { TranscribeRequest, Transcriber, Transcript } from '@spindle/plugin-sdk';
import { createFakeContext, makeLavfiMedia, MemoryKeyValueStore } from '@spindle/plugin-sdk/testing';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TitleChunks, type Conditioning } from '../src/audio-chunks.ts';

// A title whose speech stand-in (a tone) alternates with digital silence, as clean disc audio does.
const dir = mkdtempSync(join(tmpdir(), 'spindle-conditioning-'));
const title = join(dir, 'title.mkv');
await makeLavfiMedia(
  title,
  ["aevalsrc='if(lt(mod(t,2),1),0.3*sin(2*PI*440*t),0)':s=48000:d=8"],
  ['-ac', '2', '-c:a', 'pcm_s16le'],
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Counts what it is asked to hear and records the share of exactly-zero samples in each WAV. */
class Listener implements Transcriber {
  heard: { zeros: number }[] = [];
  status() {
    return { ready: true, model: 'test-model' } as ReturnType<Transcriber['status']>;
  }
  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    const pcm = readFileSync(request.wavPath).subarray(44);
    let zeros = 0;
    for (let i = 0; i + 1 < pcm.length; i += 2) if (pcm.readInt16LE(i) === 0) zeros++;
    this.heard.push({ zeros: zeros / (pcm.length / 2) });
    return { text: `heard ${this.heard.length}` } as Transcript;
  }
}

const plan = (conditioning: Conditioning) => ({
  filePath: title,
  offsets: [1],
  seconds: 4,
  language: 'en',
  context: { id: 'ctx', text: '' },
  conditioning,
});

describe('audio conditioning before recognition', () => {
  it('fills digital silence with the noise floor, and leaves it as decoded with none', async () => {
    const listener = new Listener();
    for (const conditioning of ['none', 'noise_floor'] as Conditioning[]) {
      const ctx = await createFakeContext({ appSettings: {} });
      await new TitleChunks(plan(conditioning), listener, ctx).text(1);
      await ctx.dispose();
    }
    expect(listener.heard[0]!.zeros).toBeGreaterThan(0.3); // half the chunk is silent
    expect(listener.heard[1]!.zeros).toBeLessThan(0.05);
  });

  it('keys cached transcripts on the conditioning, so old and new never mix', async () => {
    const listener = new Listener();
    const store = new MemoryKeyValueStore();
    const hear = async (conditioning: Conditioning) => {
      const ctx = await createFakeContext({ appSettings: {}, store });
      const text = await new TitleChunks(plan(conditioning), listener, ctx).text(1);
      await ctx.dispose();
      return text;
    };
    expect(await hear('none')).toBe('heard 1');
    expect(await hear('none')).toBe('heard 1'); // from the store
    expect(await hear('noise_floor')).toBe('heard 2'); // heard afresh
    expect(await hear('normalize_noise_floor')).toBe('heard 3');
    expect(await hear('noise_floor')).toBe('heard 2');
    expect(await hear('none')).toBe('heard 1');
    expect(listener.heard).toHaveLength(3);
  });
});
