/**
 * Gets the transcript of one chunk of a title: extracts 16 kHz mono WAV with ffmpeg into the
 * stage's work folder, transcribes it, and caches the text by (file identity, offset, length,
 * model and reference context) in the plugin's store, so a re-run costs nothing.
 */
import { SpindleError, type StageContext, type Transcriber } from '@spindle/plugin-sdk';
import { createHash } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface ChunkRequest {
  filePath: string;
  offset: number;
  seconds: number;
  language: string;
  context: { id: string; text: string };
}

async function fileIdentity(path: string): Promise<string> {
  const info = await stat(path);
  return createHash('sha1').update(`${path}\0${info.size}\0${info.mtimeMs}`).digest('hex').slice(0, 16);
}

function ffmpegPath(ctx: StageContext): string {
  const configured = ctx.setting('media_tool_path');
  return typeof configured === 'string' && configured ? configured : 'ffmpeg';
}

export async function transcribeChunk(request: ChunkRequest, transcriber: Transcriber, ctx: StageContext): Promise<string> {
  const model = transcriber.status().model;
  const key = `transcript:${await fileIdentity(request.filePath)}:${request.offset}:${request.seconds}:${createHash('sha1').update(`${model}\0${request.context.id}`).digest('hex').slice(0, 12)}`;
  const cached = await ctx.store.get<string>(key);
  if (typeof cached === 'string') return cached;
  const wav = join(ctx.workDir, `chunk-${Math.round(request.offset * 10)}.wav`);
  const extract = await ctx.processes.run(ffmpegPath(ctx), [
    '-v', 'error', '-y', '-ss', String(request.offset), '-t', String(request.seconds), '-i', request.filePath,
    '-vn', '-ac', '1', '-ar', '16000', '-f', 'wav', wav,
  ]).catch((error: unknown) => {
    if (SpindleError.is(error) && (error.code === 'process_not_found' || error.code === 'process_start_failed')) {
      const where = ffmpegPath(ctx);
      throw new SpindleError('media_tool_missing', `ffmpeg could not be started (${where}): install ffmpeg or correct media_tool_path in the settings`, { category: 'matching', cause: error });
    }
    throw error;
  });
  if (extract.aborted) throw new SpindleError('aborted', 'Matching was cancelled', { category: 'matching' });
  if (extract.exitCode !== 0) {
    throw new SpindleError('audio_extract_failed', `ffmpeg could not read the audio at ${request.offset}s: ${extract.stderr.trim().slice(-200)}`, { category: 'matching' });
  }
  try {
    const transcript = await transcriber.transcribe({ wavPath: wav, language: request.language, signal: ctx.signal, context: request.context });
    await ctx.store.set(key, transcript.text);
    return transcript.text;
  } finally {
    await rm(wav, { force: true });
  }
}
