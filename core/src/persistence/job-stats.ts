/**
 * Aggregates over the whole job history, computed in SQL (never from one page of rows).
 * Datetimes are stored by MikroORM as epoch milliseconds, so differences are plain arithmetic.
 */
import type { EntityManager } from '@mikro-orm/sqlite';
import type { JobStats } from './records.ts';

interface CountsRow {
  total: number;
  completed: number | null;
  completed_with_files: number | null;
  files_filed: number | null;
  failed: number | null;
  tv: number | null;
  movie: number | null;
  avg_ms: number | null;
}

export async function computeJobStats(em: EntityManager, topErrors: number): Promise<Omit<JobStats, 'recentJobs'>> {
  const connection = em.getConnection();
  const [counts] = await connection.execute<CountsRow[]>(
    `select count(*) as total,
            sum(case when state = 'completed' then 1 else 0 end) as completed,
            sum(case when state = 'completed' and files_filed > 0 then 1 else 0 end) as completed_with_files,
            sum(files_filed) as files_filed,
            sum(case when state = 'failed' then 1 else 0 end) as failed,
            sum(case when content_type = 'tv' then 1 else 0 end) as tv,
            sum(case when content_type = 'movie' then 1 else 0 end) as movie,
            avg(case when state in ('completed', 'failed') and completed_at is not null
                     then completed_at - created_at end) as avg_ms
       from job`,
  );
  const errors = await connection.execute<{ message: string; count: number }[]>(
    `select error_message as message, count(*) as count
       from job
      where state = 'failed' and error_message is not null and error_message <> ''
      group by error_message
      order by count desc, message asc
      limit ?`,
    [Math.max(0, Math.floor(topErrors))],
  );
  return {
    totalJobs: Number(counts?.total ?? 0),
    completed: Number(counts?.completed ?? 0),
    completedWithFiles: Number(counts?.completed_with_files ?? 0),
    completedNothingFiled: Number(counts?.completed ?? 0) - Number(counts?.completed_with_files ?? 0),
    filesFiled: Number(counts?.files_filed ?? 0),
    failed: Number(counts?.failed ?? 0),
    tv: Number(counts?.tv ?? 0),
    movie: Number(counts?.movie ?? 0),
    avgProcessingSeconds: counts?.avg_ms == null ? null : Number(counts.avg_ms) / 1000,
    topErrors: errors.map((row) => ({ message: row.message, count: Number(row.count) })),
  };
}
