/**
 * A real MKV for transcode tests and the benchmark, made by ffmpeg: a moving test picture, two
 * audio tracks, one subtitle track and three chapters.
 */
import { makeLavfiMedia } from '@spindle/plugin-sdk/testing';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** 125 → "00:02:05,000" */
function srtTime(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)},000`;
}

/** `grain` adds temporal noise (film grain), which makes the picture as costly to encode as real footage. */
export async function makeTestTitle(
  dir: string,
  name: string,
  seconds: number,
  size = '320x180',
  grain = 0,
): Promise<string> {
  const srt = join(dir, `${name}.srt`);
  const meta = join(dir, `${name}.ffmeta`);
  const cues = Array.from(
    { length: Math.floor(seconds / 4) },
    (_, i) => `${i + 1}\n${srtTime(i * 4)} --> ${srtTime(i * 4 + 2)}\nLine ${i + 1}\n`,
  );
  await writeFile(srt, cues.join('\n'));
  const third = Math.floor((seconds * 1000) / 3);
  const chapters = [0, 1, 2].map(
    (i) => `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${i * third}\nEND=${(i + 1) * third}\ntitle=Chapter ${i + 1}\n`,
  );
  await writeFile(meta, `;FFMETADATA1\n${chapters.join('')}`);
  const path = join(dir, `${name}.mkv`);
  const picture = `testsrc2=size=${size}:rate=24:duration=${seconds}${grain > 0 ? `,noise=alls=${grain}:allf=t` : ''}`;
  const tone = (hz: number) => `sine=frequency=${hz}:sample_rate=48000:duration=${seconds}`;
  await makeLavfiMedia(
    path,
    [picture, tone(440), tone(660)],
    [
      '-i',
      srt,
      '-i',
      meta,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-map',
      '2:a',
      '-map',
      '3:s',
      '-map_chapters',
      '4',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      grain > 0 ? '16' : '30',
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      '-c:s',
      'srt',
      '-metadata:s:a:0',
      'language=eng',
      '-metadata:s:a:1',
      'language=fra',
    ],
  );
  return path;
}
