/**
 * The ffmpeg calls the generated corpora share: every call quiet and overwriting; a title muxed
 * from a WAV under a still coloured picture; a Play All joined from titles without re-encoding.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Runs ffmpeg with `-v error -y` before `args`; rejects with its stderr when it fails. */
export async function ffmpeg(...args: string[]): Promise<void> {
  await exec('ffmpeg', ['-v', 'error', '-y', ...args]);
}

/** The picture of a muxed title: a lavfi colour source (`colour` as 0xRRGGBB, `size` as WxH, frames a second). */
export interface StillPicture {
  colour: string;
  size: string;
  rate: number;
}

/**
 * A title as MKV: `seconds` of the still picture in H.264 and the WAV as AAC with these audio
 * options (bit rate, channels, sample rate), cut to the shorter of the two.
 */
export async function muxTitle(
  wav: string,
  seconds: number,
  out: string,
  picture: StillPicture,
  audio: string[],
): Promise<void> {
  const { colour, size, rate } = picture;
  const still = ['-f', 'lavfi', '-i', `color=c=${colour}:size=${size}:rate=${rate}:duration=${seconds.toFixed(2)}`];
  const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];
  await ffmpeg(...still, '-i', wav, ...h264, '-c:a', 'aac', ...audio, '-shortest', out);
}

/** Joins the files the concat list names into `out`, streams copied. */
export async function concatCopy(list: string, out: string): Promise<void> {
  await ffmpeg('-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', out);
}
