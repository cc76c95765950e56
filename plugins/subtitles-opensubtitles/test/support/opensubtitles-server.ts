/**
 * A local stand-in for the OpenSubtitles.com REST API v1 (node:http on 127.0.0.1, random ports)
 * answering in its documented shapes: POST /api/v1/login, GET /api/v1/subtitles (filtered,
 * paginated), POST /api/v1/download (daily quota, 406 when spent) and the temporary download links.
 * A second listener plays the host that /login names as `base_url`. Faults (429 + Retry-After,
 * 5xx, malformed JSON, hanging) can be queued.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSubtitle {
  id: number;
  fileId: number;
  language: string;
  downloads?: number;
  hearingImpaired?: boolean;
  machineTranslated?: boolean;
  aiTranslated?: boolean;
  foreignPartsOnly?: boolean;
  /** Show id (episodes) — `parent_tmdb_id`. */
  parentTmdbId?: number;
  /** Movie id — `tmdb_id`. */
  tmdbId?: number;
  type: 'episode' | 'movie';
  /** What the search filters on (the index OpenSubtitles keeps). */
  season?: number;
  episode?: number;
  /** What feature_details says, when it differs from the index (known data problems). */
  reportedSeason?: number;
  reportedEpisode?: number;
  fileName?: string;
  /** File content; a default SRT when absent. */
  content?: Uint8Array | string;
}

export interface Fault {
  status?: number;
  headers?: Record<string, string>;
  /** Raw body; JSON-encoded when not a string. */
  body?: unknown;
  /** Only for requests whose path starts with this (e.g. `/api/v1/download`); default any. */
  path?: string;
  /** Never answer (the request hangs until the client gives up). */
  hang?: boolean;
}

export interface RecordedRequest {
  listener: 'main' | 'vip';
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ServerOptions {
  apiKey?: string;
  username?: string;
  password?: string;
  subtitles?: FakeSubtitle[];
  /** Downloads allowed per day (5 with a key only, 20 for an account). */
  allowedDownloads?: number;
  perPage?: number;
}

export interface OpenSubtitlesServer {
  url: string;
  vipUrl: string;
  token: string;
  requests: RecordedRequest[];
  subtitles: FakeSubtitle[];
  resetTimeUtc: string;
  downloadsUsed: number;
  allowedDownloads: number;
  fail(...faults: Fault[]): void;
  close(): Promise<void>;
}

export const TEST_API_KEY = 'osk_test_0123456789abcdef';
export const TEST_PASSWORD = 'hunter2-secret';
export const TEST_TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.session-token-for-tests.sig';

export const srtFor = (label: string) =>
  `1\n00:00:01,000 --> 00:00:03,000\n${label}\n\n2\n00:00:04,000 --> 00:00:06,000\nSecond line.\n`;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function attributesOf(s: FakeSubtitle) {
  return {
    subtitle_id: String(s.id),
    language: s.language,
    download_count: s.downloads ?? 0,
    hearing_impaired: s.hearingImpaired ?? false,
    machine_translated: s.machineTranslated ?? false,
    ai_translated: s.aiTranslated ?? false,
    foreign_parts_only: s.foreignPartsOnly ?? false,
    release: `Release.${s.id}`,
    feature_details:
      s.type === 'movie'
        ? { feature_type: 'Movie', tmdb_id: s.tmdbId, title: 'A Movie', year: 2001 }
        : {
            feature_type: 'Episode',
            season_number: s.reportedSeason ?? s.season,
            episode_number: s.reportedEpisode ?? s.episode,
            parent_tmdb_id: s.parentTmdbId,
            title: `Episode ${s.episode}`,
          },
    files: [{ file_id: s.fileId, cd_number: 1, file_name: s.fileName ?? `release.${s.id}` }],
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startOpenSubtitlesServer(options: ServerOptions = {}): Promise<OpenSubtitlesServer> {
  const apiKey = options.apiKey ?? TEST_API_KEY;
  const perPage = options.perPage ?? 60;
  const faults: Fault[] = [];
  const state = {
    url: '',
    vipUrl: '',
    token: TEST_TOKEN,
    requests: [] as RecordedRequest[],
    subtitles: options.subtitles ?? [],
    resetTimeUtc: '2030-01-02T03:04:05.000Z',
    downloadsUsed: 0,
    allowedDownloads: options.allowedDownloads ?? 5,
  };
  const links = new Map<string, FakeSubtitle>();

  const handle = async (listener: 'main' | 'vip', req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    state.requests.push({
      listener,
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: req.headers,
      body,
    });
    const at = faults.findIndex((f) => !f.path || url.pathname.startsWith(f.path));
    if (at >= 0) {
      const fault = faults.splice(at, 1)[0]!;
      if (fault.hang) return;
      return send(res, fault.status ?? 500, fault.body ?? { message: 'fault injected by the test' }, fault.headers);
    }
    if (url.pathname.startsWith('/download/')) {
      const subtitle = links.get(url.pathname);
      if (!subtitle) return send(res, 410, 'link expired', { 'content-type': 'text/plain' });
      res.writeHead(200, { 'content-type': 'application/x-subrip' });
      return res.end(subtitle.content ?? srtFor(`Subtitle ${subtitle.id}`));
    }
    if (req.headers['api-key'] !== apiKey) return send(res, 401, { message: 'Error, invalid api key', status: 401 });
    if (url.pathname === '/api/v1/login' && req.method === 'POST') {
      const credentials = JSON.parse(body || '{}') as { username?: string; password?: string };
      if (credentials.username !== options.username || credentials.password !== options.password) {
        return send(res, 401, { message: 'Invalid username/password', status: 401 });
      }
      return send(res, 200, {
        user: {
          allowed_downloads: state.allowedDownloads,
          level: 'Sub leecher',
          user_id: 66,
          ext_installed: false,
          vip: false,
        },
        base_url: state.vipUrl.replace(/^http:\/\//, ''),
        token: state.token,
        status: 200,
      });
    }
    const bearer = req.headers.authorization;
    if (bearer !== undefined && bearer !== `Bearer ${state.token}`)
      return send(res, 401, { message: 'invalid token', status: 401 });
    if (url.pathname === '/api/v1/subtitles' && req.method === 'GET') {
      const q = url.searchParams;
      const languages = (q.get('languages') ?? '').split(',').filter(Boolean);
      const num = (name: string) => (q.has(name) ? Number(q.get(name)) : null);
      const matching = state.subtitles.filter(
        (s) =>
          s.type === q.get('type') &&
          (s.type === 'movie' ? s.tmdbId === num('tmdb_id') : s.parentTmdbId === num('parent_tmdb_id')) &&
          (num('season_number') === null || s.season === num('season_number')) &&
          (num('episode_number') === null || s.episode === num('episode_number')) &&
          (languages.length === 0 || languages.includes(s.language.toLowerCase())),
      );
      const page = num('page') ?? 1;
      const totalPages = Math.max(1, Math.ceil(matching.length / perPage));
      const data = matching
        .slice((page - 1) * perPage, page * perPage)
        .map((s) => ({ id: String(s.id), type: 'subtitle', attributes: attributesOf(s) }));
      return send(res, 200, { total_pages: totalPages, total_count: matching.length, per_page: perPage, page, data });
    }
    if (url.pathname === '/api/v1/download' && req.method === 'POST') {
      const { file_id: fileId } = JSON.parse(body || '{}') as { file_id?: number };
      const subtitle = state.subtitles.find((s) => s.fileId === fileId);
      if (!subtitle) return send(res, 404, { message: 'File not found', status: 404 });
      const remaining = state.allowedDownloads - state.downloadsUsed - 1;
      if (remaining < 0) {
        return send(res, 406, {
          requests: state.downloadsUsed + 1,
          remaining: -1,
          message: `You have downloaded your allowed ${state.allowedDownloads} subtitles for 24h.Your quota will be renewed in 17 hours and 52 minutes (${state.resetTimeUtc.slice(0, 19).replace('T', ' ')} UTC) ts=1649426763 `,
          reset_time: '17 hours and 52 minutes',
          reset_time_utc: state.resetTimeUtc,
        });
      }
      state.downloadsUsed += 1;
      const fileName = `${subtitle.fileName ?? `release.${subtitle.id}`}.srt`;
      const path = `/download/${state.downloadsUsed}-${fileId}/${fileName}`;
      links.set(path, subtitle);
      return send(res, 200, {
        link: `${state.url}${path}`,
        file_name: fileName,
        requests: state.downloadsUsed,
        remaining,
        message: `Your quota will be renewed in 23 hours and 52 minutes (${state.resetTimeUtc.slice(0, 19).replace('T', ' ')} UTC) `,
        reset_time: '23 hours and 52 minutes',
        reset_time_utc: state.resetTimeUtc,
      });
    }
    return send(res, 404, { message: 'not found', status: 404 });
  };

  const main = createServer((req, res) => void handle('main', req, res));
  const vip = createServer((req, res) => void handle('vip', req, res));
  state.url = `http://${await listen(main)}`;
  state.vipUrl = `http://${await listen(vip)}`;
  return Object.assign(state, {
    fail: (...more: Fault[]) => void faults.push(...more),
    close: async () => {
      for (const server of [main, vip]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  });
}
