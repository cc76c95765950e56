/** Drives jobs of the data-safety suite through the API the way a person would: wait, decide, continue. */
import { eventually, type apiClient } from '../../support/http-client.ts';

type Api = ReturnType<typeof apiClient>;

export interface JobWire {
  id: number;
  state: string;
  review_kind: string | null;
  review_reason: string | null;
  error_message: string | null;
  files_filed: number;
  titles_discarded: number;
  retryable_from: string | null;
  staging_path: string | null;
}

export interface TitleWire {
  id: number;
  title_index: number;
  state: string;
  source_file: string | null;
  outcome: string;
  discard_reason: string | null;
  discarded_by: string | null;
  organized_path: string | null;
}

/** Generous: the suite must pass on a machine twice as slow as this one. */
export const SETTLE_MS = 180_000;

export async function settle(
  api: Api,
  id: number,
  states: string[] = ['completed', 'failed', 'review_needed'],
): Promise<JobWire> {
  return (
    await eventually(
      () => api.get<JobWire>(`/api/jobs/${id}`),
      (r) => states.includes(r.body.state),
      SETTLE_MS,
    )
  ).body;
}

export async function titlesOf(api: Api, id: number): Promise<TitleWire[]> {
  return (await api.get<TitleWire[]>(`/api/jobs/${id}/titles`)).body;
}

export async function timelineOf(api: Api, id: number): Promise<string[]> {
  const detail = (await api.get<{ timeline: { message: string | null }[] }>(`/api/jobs/${id}/detail`)).body;
  return detail.timeline.map((e) => e.message ?? '');
}

/**
 * Decides every title waiting in review by its file name: an episode code, or "skip". Throws when a
 * title in review has no decision in the map (the test names every one).
 */
export async function decideByFile(api: Api, id: number, decisions: Record<string, string>): Promise<void> {
  for (const title of (await titlesOf(api, id)).filter((t) => t.state === 'review')) {
    const decision = decisions[title.source_file ?? ''];
    if (!decision) throw new Error(`no decision for title ${title.title_index} (${title.source_file})`);
    const body =
      decision === 'skip' ? { title_id: title.id, skip: true } : { title_id: title.id, episode_code: decision };
    const res = await api.post(`/api/jobs/${id}/review`, body);
    if (res.status !== 200)
      throw new Error(`review of title ${title.id} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
}

/** Waits for the job's staging cleanup to have written its timeline line (it runs just after the job ends). */
export async function cleanupNoted(api: Api, id: number): Promise<string> {
  const lines = await eventually(
    () => timelineOf(api, id),
    (t) => t.some((l) => l.startsWith('staging cleanup')),
    SETTLE_MS,
  );
  return lines.find((l) => l.startsWith('staging cleanup'))!;
}
