/**
 * npm run bench:parse — lines per second of the makemkvcon robot-mode parser on a 50 000-line
 * transcript: the recorded scenario transcripts repeated (every line kind, quoted strings with
 * escapes and commas) plus the PRGV/PRGC/MSG lines of a rip, parsed line by line into typed
 * disc information, as the ripper does while makemkvcon runs. Prints the best and the median of several rounds.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DiscInfoCollector } from '../../plugins/ripper-makemkv/src/disc-info.ts';
import { parseRobotLine } from '../../plugins/ripper-makemkv/src/robot-line-parser.ts';

const LINES = 50_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const scenarios = ['tv-bluray', 'movie-dvd', 'sample-dvd'].map((name) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/makemkv/scenarios/${name}/info.txt`, import.meta.url)), 'utf8')
    .split('\n')
    .filter((l) => l !== ''),
);
const rip = [
  'PRGT:5024,0,"Saving all titles to MKV files"',
  'PRGC:5017,0,"Saving to MKV file"',
  'PRGV:36541,6084,65536',
  "MSG:2003,0,3,\"Error 'Scsi error - MEDIUM ERROR:L-EC UNCORRECTABLE ERROR' occurred while reading '/BDMV/STREAM/00001.m2ts' at offset '1048576'\",\"Error '%1' occurred while reading '%2' at offset '%3'\",\"Scsi error - MEDIUM ERROR:L-EC UNCORRECTABLE ERROR\",\"/BDMV/STREAM/00001.m2ts\",\"1048576\"",
];
const transcript: string[] = [];
for (let i = 0; transcript.length < LINES; i++) transcript.push(...scenarios[i % scenarios.length]!, ...rip);
transcript.length = LINES;
const bytes = transcript.reduce((sum, l) => sum + l.length + 1, 0);

function round(work: () => void): number {
  const started = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Best and median seconds of ROUNDS runs after a warm-up (the machine may be shared: the best is the parser's speed). */
function measure(work: () => void): { best: number; median: number } {
  for (let i = 0; i < 3; i++) round(work); // warm-up: let the JIT settle
  const times = Array.from({ length: ROUNDS }, () => round(work)).sort((a, b) => a - b);
  return { best: times[0]!, median: times[Math.floor(times.length / 2)]! };
}

let kinds = 0;
const lineOnly = measure(() => {
  for (const line of transcript) if (parseRobotLine(line).kind !== 'malformed') kinds++;
});
const collected = measure(() => {
  const collector = new DiscInfoCollector();
  for (const line of transcript) collector.pushLine(line);
  const disc = collector.result();
  if (disc.problems.length > 0)
    throw new Error(`the bench transcript has malformed lines: ${JSON.stringify(disc.problems[0])}`);
});

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const row = (name: string, m: { best: number; median: number }) =>
  console.log(
    `  ${name.padEnd(27)} ${fmt(LINES / m.best).padStart(10)} lines/s best (${(m.best * 1000).toFixed(1)} ms, ${(bytes / m.best / 1e6).toFixed(0)} MB/s) · ${fmt(LINES / m.median)} lines/s median`,
  );
console.log(
  `makemkvcon robot-mode parser — ${fmt(LINES)}-line transcript (${(bytes / 1e6).toFixed(1)} MB), ${ROUNDS} rounds, Node ${process.version}`,
);
row('parseRobotLine', lineOnly);
row('parse + collect disc info', collected);
if (kinds === 0) process.exit(1);
