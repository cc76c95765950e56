/**
 * What the AI is asked: a fixed instruction, the facts of the disc (volume label, what the label
 * parser read, title lengths, what other identifiers said) and the JSON Schema of the answer.
 * Never file names or paths.
 */
import { parseVolumeLabel, type IdentifyInput, type JsonObject } from '@spindle/plugin-sdk';

export const ANSWER_SCHEMA: JsonObject = {
  type: 'object',
  additionalProperties: false,
  required: ['content_type', 'title', 'year', 'season', 'confidence'],
  properties: {
    content_type: { type: 'string', enum: ['tv', 'movie', 'unknown'] },
    title: { type: ['string', 'null'], description: 'Official title of the show or movie' },
    year: { type: ['integer', 'null'], description: 'Release year (movie) or first-air year (show)' },
    season: { type: ['integer', 'null'], description: 'Season on this disc (TV only)' },
    confidence: { type: 'number', minimum: 0, maximum: 1, description: 'How sure you are, 0 to 1' },
  },
};

export const SYSTEM_PROMPT = [
  'You identify optical discs (DVD, Blu-ray) for a home media library.',
  'From the volume label and the lengths of the titles on the disc, say whether it holds a TV show or a movie,',
  'its official title, its year (release year of a movie, first-air year of a show) and, for TV, the season.',
  'Volume labels are often abbreviated or truncated (e.g. "DS9_S3_D2" is Star Trek: Deep Space Nine, season 3, disc 2).',
  'Several titles of 20-60 minutes usually mean TV episodes; one title over 80 minutes usually means a movie.',
  'If you cannot tell, answer content_type "unknown", null fields and a low confidence. Answer with JSON only.',
].join(' ');

const clock = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function userPrompt(input: IdentifyInput): string {
  const label = input.scan.volumeLabel || input.job.volumeLabel;
  const facts = parseVolumeLabel(label);
  const read = [
    facts.title && `name "${facts.title}"`,
    facts.season !== null && `season ${facts.season}`,
    facts.discNumber !== null && `disc ${facts.discNumber}`,
    facts.volume !== null && `volume ${facts.volume}`,
    facts.year !== null && `year ${facts.year}`,
    facts.catalogueNumber && `a publisher catalogue number`,
  ].filter(Boolean);
  const lines = [
    `Volume label: "${label}"${read.length > 0 ? ` (read as: ${read.join(', ')})` : ''}`,
    `Disc type: ${input.scan.discType}`,
    `Titles (index: length m:ss): ${input.scan.titles.map((t) => `${t.index}: ${clock(t.durationSeconds)}`).join(', ') || 'none'}`,
  ];
  const others = input.previous.filter((a) => a.contentType !== 'unknown' || a.title);
  if (others.length > 0) {
    lines.push(
      `Other identifiers said: ${others.map((a) => `${a.source}: ${a.contentType}${a.title ? ` "${a.title}"` : ''} (${Math.round(a.confidence * 100)}%)`).join('; ')}`,
    );
  }
  return lines.join('\n');
}
