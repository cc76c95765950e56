/**
 * The HTTP exchange with a resident whisper-server: the multipart/form-data request that carries a
 * chunk, the POST itself (node:http), and the verbose_json answer it gives back.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { errorMessage, MatchingError } from '@spindle/plugin-sdk';
import type { ParsedTranscript } from './whisper-json.ts';

/** A multipart/form-data body: text fields, then the WAV as `file`. */
export function multipart(fields: Record<string, string>, wav: Buffer): { boundary: string; bytes: Buffer } {
  const boundary = `spindle-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chunk.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    wav,
  );
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { boundary, bytes: Buffer.concat(parts) };
}

export function post(
  url: string,
  body: { boundary: string; bytes: Buffer },
  signal: AbortSignal,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        signal,
        agent: false,
        headers: {
          'Content-Type': `multipart/form-data; boundary=${body.boundary}`,
          'Content-Length': String(body.bytes.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body.bytes);
  });
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** whisper-server's verbose_json: `segments[]` with `start`/`end` in seconds and `text`. */
export function parseServerJson(raw: string): ParsedTranscript {
  let doc: { segments?: unknown };
  try {
    doc = JSON.parse(raw) as { segments?: unknown };
  } catch (error) {
    throw new MatchingError(
      'whisper_output_invalid',
      `whisper-server answered with something that is not JSON: ${errorMessage(error)}`,
    );
  }
  if (!doc || !Array.isArray(doc.segments))
    throw new MatchingError('whisper_output_invalid', 'whisper-server answered without a "segments" list');
  const segments = [];
  for (const entry of doc.segments as { start?: unknown; end?: unknown; text?: unknown }[]) {
    const start = Number(entry?.start ?? 0);
    const end = Number(entry?.end ?? start);
    if (typeof entry?.text !== 'string' || !Number.isFinite(start) || !Number.isFinite(end)) {
      throw new MatchingError('whisper_output_invalid', 'whisper-server answered with a segment without text or times');
    }
    const text = clean(entry.text);
    if (text !== '') segments.push({ startSeconds: start, endSeconds: Math.max(start, end), text });
  }
  return { text: segments.map((s) => s.text).join(' '), segments };
}
