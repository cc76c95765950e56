/**
 * The history screen: server-side filters (content type, state, search), pagination. The filters
 * live in the URL's query string so a filtered page can be bookmarked and the back button works.
 */
import { listHistory, type ListHistoryQuery, type ListHistoryResponse } from '../api/generated.ts';
import { errorMessage } from '../api/runtime.ts';

export interface HistoryFilters {
  content_type: '' | 'tv' | 'movie';
  state: '' | 'completed' | 'failed';
  q: string;
  page: number;
  per_page: number;
}

export const DEFAULT_FILTERS: HistoryFilters = { content_type: '', state: '', q: '', page: 1, per_page: 20 };

export function filtersFromSearch(search: string): HistoryFilters {
  const p = new URLSearchParams(search);
  const int = (name: string, fallback: number, max: number) => {
    const n = Number.parseInt(p.get(name) ?? '', 10);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
  };
  const ct = p.get('content_type');
  const st = p.get('state');
  return {
    content_type: ct === 'tv' || ct === 'movie' ? ct : '',
    state: st === 'completed' || st === 'failed' ? st : '',
    q: (p.get('q') ?? '').slice(0, 200),
    page: int('page', 1, 1_000_000),
    per_page: int('per_page', 20, 100),
  };
}

export function filtersToSearch(f: HistoryFilters): string {
  const p = new URLSearchParams();
  if (f.content_type) p.set('content_type', f.content_type);
  if (f.state) p.set('state', f.state);
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.page !== 1) p.set('page', String(f.page));
  if (f.per_page !== 20) p.set('per_page', String(f.per_page));
  const text = p.toString();
  return text ? `?${text}` : '';
}

export function toQuery(f: HistoryFilters): ListHistoryQuery {
  const query: ListHistoryQuery = { page: f.page, per_page: f.per_page };
  if (f.content_type) query.content_type = f.content_type;
  if (f.state) query.state = f.state;
  if (f.q.trim()) query.q = f.q.trim();
  return query;
}

export class HistoryState {
  filters = $state<HistoryFilters>({ ...DEFAULT_FILTERS });
  result = $state<ListHistoryResponse | null>(null);
  loading = $state(false);
  error = $state<string | null>(null);
  private controller: AbortController | null = null;

  async load(filters: HistoryFilters): Promise<void> {
    this.filters = { ...filters };
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.loading = true;
    try {
      this.result = await listHistory(toQuery(filters), { signal: controller.signal });
      this.error = null;
    } catch (error) {
      if (controller.signal.aborted) return;
      this.error = errorMessage(error);
    } finally {
      if (this.controller === controller) this.loading = false;
    }
  }
}
