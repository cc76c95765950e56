/** The typed lines of makemkvcon robot-mode output (see robot-line-parser.ts). */

export interface MsgLine {
  kind: 'MSG';
  code: number;
  flags: number;
  /** Number of parameters the format names (as printed). */
  count: number;
  message: string;
  format: string;
  params: string[];
}
export interface ProgressTitleLine {
  kind: 'PRGC' | 'PRGT';
  code: number;
  id: number;
  name: string;
}
export interface ProgressValueLine {
  kind: 'PRGV';
  /** Progress of the current operation (PRGC), scaled to `max`. */
  current: number;
  /** Progress of the whole operation (PRGT), scaled to `max`. */
  total: number;
  max: number;
}
export interface DriveLine {
  kind: 'DRV';
  index: number;
  state: number;
  enabled: number;
  flags: number;
  driveName: string;
  discLabel: string;
  device: string;
}
export interface TitleCountLine {
  kind: 'TCOUNT';
  count: number;
}
export interface DiscInfoLine {
  kind: 'CINFO';
  attribute: number;
  code: number;
  value: string;
}
export interface TitleInfoLine {
  kind: 'TINFO';
  title: number;
  attribute: number;
  code: number;
  value: string;
}
export interface StreamInfoLine {
  kind: 'SINFO';
  title: number;
  stream: number;
  attribute: number;
  code: number;
  value: string;
}
/** `HSH:index,filename,date,size` (older builds: `HSH:,index,filename,date,size`) — the disc's files and sizes after a scan. */
export interface FileHashLine {
  kind: 'HSH';
  index: number;
  fileName: string;
  date: string;
  size: bigint;
}
/** A line without a robot prefix (plain text some builds print, e.g. usage errors). */
export interface TextLine {
  kind: 'text';
  text: string;
}
export interface MalformedLine {
  kind: 'malformed';
  line: string;
  reason: string;
}

export type RobotLine =
  | MsgLine
  | ProgressTitleLine
  | ProgressValueLine
  | DriveLine
  | TitleCountLine
  | DiscInfoLine
  | TitleInfoLine
  | StreamInfoLine
  | FileHashLine
  | TextLine
  | MalformedLine;

export type RobotLineKind = RobotLine['kind'];
