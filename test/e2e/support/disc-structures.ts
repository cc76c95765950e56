/**
 * Disc structures written by the test, as an authoring tool would: Blu-ray movie playlists
 * (`BDMV/PLAYLIST/*.mpls`, the binary format MakeMKV reads titles from) and DVDs authored by
 * dvdauthor (one title set per title, so each title's VOBs are its own).
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PlayItem {
  /** Clip id, five digits (`00001` plays `STREAM/00001.m2ts`). */
  clip: string;
  /** First and last presentation time of the clip, seconds. */
  inSeconds: number;
  outSeconds: number;
}

const ticks = (seconds: number) => Math.round(seconds * 45_000);

/**
 * An MPLS file (version 0200): AppInfoPlayList, a PlayList of PlayItems (each with an empty
 * STN_table) and one entry mark per PlayItem (the chapters).
 */
export function mplsBytes(items: readonly PlayItem[]): Buffer {
  const appInfo = Buffer.alloc(4 + 14);
  appInfo.writeUInt32BE(14, 0);
  appInfo[5] = 1; // sequential playback
  const playItems = items.map((item) => {
    const stn = Buffer.alloc(16);
    stn.writeUInt16BE(14, 0);
    const body = Buffer.alloc(2 + 5 + 4 + 2 + 1 + 4 + 4 + 8 + 1 + 1 + 2);
    let at = 2;
    body.write(item.clip.padStart(5, '0'), at, 'latin1');
    at += 5;
    body.write('M2TS', at, 'latin1');
    at += 4;
    body.writeUInt16BE(1, at); // connection condition 1 (seamless with the next)
    at += 2;
    body[at++] = 0; // ref_to_STC_id
    body.writeUInt32BE(ticks(item.inSeconds), at);
    at += 4;
    body.writeUInt32BE(ticks(item.outSeconds), at);
    const whole = Buffer.concat([body, stn]);
    whole.writeUInt16BE(whole.length - 2, 0);
    return whole;
  });
  const playListBody = Buffer.concat([Buffer.from([0, 0]), u16(items.length), u16(0), ...playItems]);
  const playList = Buffer.concat([u32(playListBody.length), playListBody]);
  const marks = items.map((item, i) => {
    const m = Buffer.alloc(14);
    m[1] = 1; // entry mark
    m.writeUInt16BE(i, 2);
    m.writeUInt32BE(ticks(item.inSeconds), 4);
    m.writeUInt16BE(0xffff, 8);
    return m;
  });
  const marksBody = Buffer.concat([u16(marks.length), ...marks]);
  const markList = Buffer.concat([u32(marksBody.length), marksBody]);
  const header = Buffer.alloc(40);
  header.write('MPLS0200', 0, 'latin1');
  const playListAt = 40 + appInfo.length;
  header.writeUInt32BE(playListAt, 8);
  header.writeUInt32BE(playListAt + playList.length, 12);
  header.writeUInt32BE(0, 16);
  return Buffer.concat([header, appInfo, playList, markList]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export async function writeMpls(bdmv: string, name: string, items: readonly PlayItem[]): Promise<void> {
  await mkdir(join(bdmv, 'PLAYLIST'), { recursive: true });
  await writeFile(join(bdmv, 'PLAYLIST', name), mplsBytes(items));
}

export interface DvdTitle {
  /** MPEG-2 program streams (`ffmpeg -target ntsc-dvd`), played one after another. */
  vobs: string[];
  /** Chapter starts in seconds, per VOB (0 = its start). */
  chapters?: number[];
}

const chapterTime = (s: number) =>
  `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** Authors `dest/VIDEO_TS` (and `AUDIO_TS`) with dvdauthor: one title set per title, English audio. */
export async function authorDvd(dest: string, titles: readonly DvdTitle[], work: string): Promise<void> {
  await mkdir(work, { recursive: true });
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const sets = titles.map(
    (t) =>
      `  <titleset>\n    <titles>\n      <video format="ntsc" aspect="4:3"/>\n      <audio lang="en"/>\n      <pgc>\n${t.vobs
        .map((v) => `        <vob file="${escape(v)}" chapters="${(t.chapters ?? [0]).map(chapterTime).join(',')}"/>`)
        .join('\n')}\n      </pgc>\n    </titles>\n  </titleset>`,
  );
  const xml = `<dvdauthor dest="${escape(dest)}">\n  <vmgm/>\n${sets.join('\n')}\n</dvdauthor>\n`;
  const file = join(work, 'dvd.xml');
  await writeFile(file, xml);
  await run('dvdauthor', ['-x', file], { env: { ...process.env, VIDEO_FORMAT: 'NTSC' }, maxBuffer: 16 * 1024 * 1024 });
  await mkdir(join(dest, 'AUDIO_TS'), { recursive: true });
}
