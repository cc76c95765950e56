/**
 * Collects parsed robot lines into typed disc information: the disc (type, name, volume name),
 * its titles (duration, bytes, chapters, resolution, source file, segment map, output file name
 * and the `_tNN` number in it, kept apart from the scan index), the drives, the messages, the
 * files of `HSH:` lines, every malformed line with its number, and every line of a kind this parser
 * does not know (`XYZ:...`), kept with its number so that the scan can report it. Never fatal.
 */
import { Attr, DiscTypeCode, StreamTypeCode } from './robot-codes.ts';
import { parseRobotLine, type DriveLine, type MsgLine, type RobotLine } from './robot-line-parser.ts';

export type StreamKind = 'video' | 'audio' | 'subtitles' | 'other';

export interface RobotStream {
  index: number;
  kind: StreamKind;
  codec: string | null;
  language: string | null;
  /** `1920x1080` for video streams. */
  videoSize: string | null;
}

export interface RobotTitle {
  /** The scan index: what `mkv <source> <index>` and TheDiscDB call the title. */
  index: number;
  name: string | null;
  chapters: number;
  durationSeconds: number;
  sizeBytes: number;
  displaySize: string | null;
  sourceFile: string | null;
  /** DVD title number as the disc numbers it (`01`); TheDiscDB uses it as a DVD title's source file. */
  originalTitleId: string | null;
  segmentCount: number | null;
  segmentMap: string | null;
  /** The file `mkv` writes for this title, e.g. `MY_DISC_t03.mkv`. */
  outputFileName: string | null;
  /** The `NN` of `_tNN` in the output file name; it can differ from `index`. */
  outputFileNumber: number | null;
  /** DVD cell label (`B3`), DVDs only. */
  dvdCell: string | null;
  /** `1080p` from the first video stream's size; null when unknown. */
  resolution: string | null;
  streams: RobotStream[];
}

export interface LineProblem {
  lineNumber: number;
  line: string;
  reason: string;
}

export interface RobotDisc {
  discType: 'dvd' | 'bluray' | 'unknown';
  /** CINFO type text, e.g. `Blu-ray disc`. */
  typeName: string | null;
  name: string | null;
  volumeName: string | null;
  /** What TCOUNT said; null when the output had no TCOUNT line (the scan did not finish). */
  titleCount: number | null;
  titles: RobotTitle[];
  drives: DriveLine[];
  messages: MsgLine[];
  /** Files listed by `HSH:` lines (name and size), in listing order. */
  files: { name: string; size: bigint }[];
  problems: LineProblem[];
  /** Lines with a robot-style prefix this parser does not know (a newer MakeMKV), kept as they came. */
  unknownLines: { lineNumber: number; line: string }[];
}

/** `1:02:03` → 3723, `2:03` → 123; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** `1920x1080` → `1080p`. */
export function resolutionOf(videoSize: string | null): string | null {
  const match = videoSize ? /^\s*\d+\s*x\s*(\d+)/i.exec(videoSize) : null;
  const height = match ? Number(match[1]) : 0;
  return height > 0 ? `${height}p` : null;
}

/** `Name_t07.mkv` → 7; null when the name has no `_tNN` before the extension. */
export function outputFileNumber(fileName: string | null): number | null {
  const match = fileName ? /_t(\d+)\.mkv$/i.exec(fileName) : null;
  return match ? Number(match[1]) : null;
}

function streamKind(code: number, text: string): StreamKind {
  if (code === StreamTypeCode.VIDEO || /^video$/i.test(text)) return 'video';
  if (code === StreamTypeCode.AUDIO || /^audio$/i.test(text)) return 'audio';
  if (code === StreamTypeCode.SUBTITLES || /^subtitles$/i.test(text)) return 'subtitles';
  return 'other';
}

function newTitle(index: number): RobotTitle {
  return {
    index,
    name: null,
    chapters: 0,
    durationSeconds: 0,
    sizeBytes: 0,
    displaySize: null,
    sourceFile: null,
    originalTitleId: null,
    segmentCount: null,
    segmentMap: null,
    outputFileName: null,
    outputFileNumber: null,
    dvdCell: null,
    resolution: null,
    streams: [],
  };
}

export class DiscInfoCollector {
  private readonly disc: RobotDisc = {
    discType: 'unknown',
    typeName: null,
    name: null,
    volumeName: null,
    titleCount: null,
    titles: [],
    drives: [],
    messages: [],
    files: [],
    problems: [],
    unknownLines: [],
  };
  private readonly titles = new Map<number, RobotTitle>();
  private lineNumber = 0;

  /** Parses and collects one line; returns what it parsed. */
  pushLine(text: string): RobotLine {
    const line = parseRobotLine(text);
    this.push(line);
    return line;
  }

  push(line: RobotLine): void {
    this.lineNumber++;
    switch (line.kind) {
      case 'malformed':
        this.disc.problems.push({ lineNumber: this.lineNumber, line: line.line, reason: line.reason });
        return;
      case 'MSG':
        this.disc.messages.push(line);
        return;
      case 'DRV':
        this.disc.drives.push(line);
        return;
      case 'text':
        if (/^[A-Z][A-Z0-9_]{1,15}:/.test(line.text))
          this.disc.unknownLines.push({ lineNumber: this.lineNumber, line: line.text });
        return;
      case 'TCOUNT':
        this.disc.titleCount = line.count;
        return;
      case 'HSH':
        this.disc.files.push({ name: line.fileName, size: line.size });
        return;
      case 'CINFO':
        if (line.attribute === Attr.TYPE) {
          this.disc.typeName = line.value;
          this.disc.discType =
            line.code === DiscTypeCode.BLURAY || /blu-?ray/i.test(line.value)
              ? 'bluray'
              : line.code === DiscTypeCode.DVD || /^dvd/i.test(line.value)
                ? 'dvd'
                : 'unknown';
        } else if (line.attribute === Attr.NAME) this.disc.name = line.value;
        else if (line.attribute === Attr.VOLUME_NAME) this.disc.volumeName = line.value;
        return;
      case 'TINFO':
        this.titleInfo(this.title(line.title), line.attribute, line.value);
        return;
      case 'SINFO':
        this.streamInfo(this.title(line.title), line.stream, line.attribute, line.code, line.value);
        return;
      default:
        return;
    }
  }

  result(): RobotDisc {
    const titles = [...this.titles.values()].sort((a, b) => a.index - b.index);
    for (const title of titles) {
      title.streams.sort((a, b) => a.index - b.index);
      title.resolution = resolutionOf(title.streams.find((s) => s.kind === 'video')?.videoSize ?? null);
    }
    return { ...this.disc, titles };
  }

  private title(index: number): RobotTitle {
    let title = this.titles.get(index);
    if (!title) {
      title = newTitle(index);
      this.titles.set(index, title);
    }
    return title;
  }

  private titleInfo(title: RobotTitle, attribute: number, value: string): void {
    switch (attribute) {
      case Attr.NAME:
        title.name = value;
        break;
      case Attr.CHAPTER_COUNT:
        title.chapters = Number(value) || 0;
        break;
      case Attr.DURATION:
        title.durationSeconds = parseDuration(value) ?? 0;
        break;
      case Attr.DISK_SIZE:
        title.displaySize = value;
        break;
      case Attr.DISK_SIZE_BYTES:
        title.sizeBytes = /^\d+$/.test(value) ? Number(value) : 0;
        break;
      case Attr.SOURCE_FILE_NAME:
        title.sourceFile = value;
        break;
      case Attr.ORIGINAL_TITLE_ID:
        title.originalTitleId = value;
        break;
      case Attr.SEGMENTS_COUNT:
        title.segmentCount = Number(value) || 0;
        break;
      case Attr.SEGMENTS_MAP:
        title.segmentMap = value;
        break;
      case Attr.OUTPUT_FILE_NAME:
        title.outputFileName = value;
        title.outputFileNumber = outputFileNumber(value);
        break;
      case Attr.DVD_CELL_NAME:
        title.dvdCell = value;
        break;
      default:
        break;
    }
  }

  private streamInfo(title: RobotTitle, index: number, attribute: number, code: number, value: string): void {
    let stream = title.streams.find((s) => s.index === index);
    if (!stream) {
      stream = { index, kind: 'other', codec: null, language: null, videoSize: null };
      title.streams.push(stream);
    }
    if (attribute === Attr.TYPE) stream.kind = streamKind(code, value);
    else if (attribute === Attr.CODEC_ID) stream.codec = value;
    else if (attribute === Attr.LANG_CODE) stream.language = value;
    else if (attribute === Attr.VIDEO_SIZE) stream.videoSize = value;
  }
}

/** Parses a whole `info` transcript (any line breaks). */
export function parseInfoTranscript(text: string): RobotDisc {
  const collector = new DiscInfoCollector();
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) collector.pushLine(line);
  return collector.result();
}
