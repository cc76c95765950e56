/**
 * Reads the JSON file `whisper-cli -oj` writes: `transcription[]` with `offsets.from`/`offsets.to`
 * in milliseconds and `text` per segment (examples/cli/cli.cpp, output_json).
 */
import { errorMessage, MatchingError, type TranscriptSegment } from '@spindle/plugin-sdk';

export interface ParsedTranscript {
  text: string;
  segments: TranscriptSegment[];
}

function invalid(detail: string): MatchingError {
  return new MatchingError('whisper_output_invalid', `whisper-cli wrote a transcript that cannot be read: ${detail}`);
}

/**
 * whisper-cli escapes only quotes and backslashes in strings, so a control character in the text
 * would make the file invalid JSON. Outside strings they are only whitespace, so every one becomes a
 * space.
 */
function tolerantJson(raw: string): unknown {
  try {
    return JSON.parse(raw.replace(/[\u0000-\u001f]/g, ' '));
  } catch (error) {
    throw invalid(errorMessage(error));
  }
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

export function parseWhisperJson(raw: string): ParsedTranscript {
  const doc = tolerantJson(raw) as { transcription?: unknown };
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.transcription)) throw invalid('no "transcription" list');
  const segments: TranscriptSegment[] = [];
  for (const entry of doc.transcription as unknown[]) {
    const seg = entry as { offsets?: { from?: unknown; to?: unknown }; text?: unknown };
    const from = Number(seg?.offsets?.from);
    const to = Number(seg?.offsets?.to);
    if (typeof seg?.text !== 'string' || !Number.isFinite(from) || !Number.isFinite(to))
      throw invalid('a segment lacks text or offsets');
    const text = clean(seg.text);
    if (text === '') continue;
    segments.push({ startSeconds: from / 1000, endSeconds: Math.max(from, to) / 1000, text });
  }
  return { text: segments.map((s) => s.text).join(' '), segments };
}
