/**
 * `{data_dir}/cache/contribution_log.jsonl`: one JSON line per successful upload, with exactly the
 * spec's fields. Appending is idempotent per (kind, contrib_id): after a crash between the upload
 * and the queue bookkeeping, the re-sent contribution is acknowledged as a duplicate and its line
 * is not written twice.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DiscContributionDraft, EpisodeContributionDraft } from '@spindle/plugin-sdk';

export type AuditEntry =
  | {
      ts: string;
      kind: 'episode';
      contrib_id: number;
      catalog_id: number;
      season: number | null;
      episode: number | null;
      pseudonym_prefix: string;
    }
  | {
      ts: string;
      kind: 'disc';
      contrib_id: number;
      catalog_id: number;
      season: number | null;
      content_type: 'tv' | 'movie';
      title_count: number;
      pseudonym_prefix: string;
    };

export const PSEUDONYM_PREFIX_LENGTH = 8;

export function auditLogPath(dataDir: string): string {
  return join(dataDir, 'cache', 'contribution_log.jsonl');
}

export function auditEntryFor(
  kind: 'episode' | 'disc',
  id: number,
  draft: EpisodeContributionDraft | DiscContributionDraft,
  pseudonym: string,
  at: Date,
): AuditEntry {
  // kind is written again below to narrow the type; it keeps its place after ts in the line.
  const head = { ts: at.toISOString(), kind, contrib_id: id, catalog_id: draft.catalog_id, season: draft.season };
  const pseudonym_prefix = pseudonym.slice(0, PSEUDONYM_PREFIX_LENGTH);
  if (kind === 'episode') {
    const { episode } = draft as EpisodeContributionDraft;
    return { ...head, kind, episode, pseudonym_prefix };
  }
  const d = draft as DiscContributionDraft;
  return { ...head, kind, content_type: d.content_type, title_count: d.titles.length, pseudonym_prefix };
}

export class ContributionAuditLog {
  private writing: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  /** Every entry, oldest first (unreadable lines are skipped). */
  async entries(): Promise<AuditEntry[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries: AuditEntry[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line) as AuditEntry);
      } catch {
        // a torn last line after a crash: skip it
      }
    }
    return entries;
  }

  /** Appends the entry unless one for the same kind and contrib_id is already there. */
  append(entry: AuditEntry): Promise<boolean> {
    const run = this.writing.then(async () => {
      const existing = await this.entries();
      if (existing.some((e) => e.kind === entry.kind && e.contrib_id === entry.contrib_id)) return false;
      await mkdir(dirname(this.path), { recursive: true });
      await appendFile(this.path, JSON.stringify(entry) + '\n', 'utf8');
      return true;
    });
    this.writing = run.catch(() => undefined);
    return run;
  }
}
