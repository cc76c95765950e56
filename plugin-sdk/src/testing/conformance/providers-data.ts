/**
 * Conformance suites for the data providers — catalog, disc lookup, subtitles: well-formed
 * answers, null (never a made-up answer) for what they do not know, coded errors only, abort.
 */
import type { CatalogProvider } from '../../providers/catalog.ts';
import type { DiscLookupProvider } from '../../providers/disc-lookup.ts';
import type { SubtitleProvider, SubtitleQuery } from '../../providers/subtitles.ts';
import { assertNoProblems, abortExpectation, fail, invoke, invokeMayFail, type ConformanceCheck } from './check.ts';
import {
  catalogMovieProblems,
  catalogSeasonProblems,
  catalogShowProblems,
  discLookupResultProblems,
  subtitleDocumentProblems,
} from './provider-shapes.ts';

type Create<T> = () => T | Promise<T>;

export interface CatalogConformanceOptions {
  create: Create<CatalogProvider>;
  /** A title the catalog knows as a movie (searchMovies must find it). */
  movieQuery?: string;
  /** A name the catalog knows as a show (searchShows must find it; season 1 is fetched). */
  showQuery?: string;
}

const NONSENSE = 'zqxj spindle conformance nothing 7f3a';

export function catalogConformance(options: CatalogConformanceOptions): ConformanceCheck[] {
  const checks: ConformanceCheck[] = [
    {
      name: 'catalog: status() says healthy or not, with a message or null',
      async run() {
        const catalog = await invoke('create()', options.create);
        const status = await invoke('status()', () => catalog.status());
        if (typeof status?.healthy !== 'boolean') fail('status().healthy is not a boolean');
        if (status.message !== null && typeof status.message !== 'string')
          fail('status().message is neither a string nor null');
      },
    },
    {
      name: 'catalog: a search for nonsense answers a (possibly empty) list of well-formed entries, or a coded error',
      async run() {
        const catalog = await invoke('create()', options.create);
        const searches: [string, () => Promise<unknown[]>, (entry: unknown, at: string) => string[]][] = [
          ['searchMovies()', () => catalog.searchMovies(NONSENSE, null), catalogMovieProblems],
          ['searchShows()', () => catalog.searchShows(NONSENSE, null), catalogShowProblems],
        ];
        for (const [what, call, problems] of searches) {
          const outcome = await invokeMayFail(what, call);
          if (!outcome.ok) continue;
          if (!Array.isArray(outcome.value)) fail(`${what} did not answer a list`);
          assertNoProblems(
            `${what} result`,
            outcome.value.flatMap((entry, i) => problems(entry, `entry #${i + 1}`)),
          );
        }
      },
    },
    {
      name: 'catalog: an unknown id answers null, or a coded error',
      async run() {
        const catalog = await invoke('create()', options.create);
        const lookups: [string, () => Promise<unknown>][] = [
          ['getMovie()', () => catalog.getMovie(2_000_000_000)],
          ['getShow()', () => catalog.getShow(2_000_000_000)],
          ['getSeason()', () => catalog.getSeason(2_000_000_000, 1)],
        ];
        for (const [what, call] of lookups) {
          const outcome = await invokeMayFail(what, call);
          if (outcome.ok && outcome.value !== null)
            fail(`${what} of an unknown id answered ${JSON.stringify(outcome.value)}; it must answer null`);
        }
      },
    },
  ];
  const { movieQuery, showQuery } = options;
  if (movieQuery) {
    checks.push({
      name: 'catalog: finds the known movie and gets it by its id',
      async run() {
        const catalog = await invoke('create()', options.create);
        const found = await invoke('searchMovies()', () => catalog.searchMovies(movieQuery, null));
        assertNoProblems(
          'searchMovies() result',
          found.flatMap((m, i) => catalogMovieProblems(m, `movie #${i + 1}`)),
        );
        if (found.length === 0) fail(`searchMovies(${JSON.stringify(movieQuery)}) found nothing`);
        const movie = await invoke('getMovie()', () => catalog.getMovie(found[0]!.id));
        if (movie?.id !== found[0]!.id) fail(`getMovie(${found[0]!.id}) did not answer that movie`);
        assertNoProblems('getMovie() result', catalogMovieProblems(movie));
      },
    });
  }
  if (showQuery) {
    checks.push({
      name: 'catalog: finds the known show, gets it and its season 1',
      async run() {
        const catalog = await invoke('create()', options.create);
        const found = await invoke('searchShows()', () => catalog.searchShows(showQuery, null));
        if (found.length === 0) fail(`searchShows(${JSON.stringify(showQuery)}) found nothing`);
        assertNoProblems(
          'searchShows() result',
          found.flatMap((s, i) => catalogShowProblems(s, `show #${i + 1}`)),
        );
        const show = await invoke('getShow()', () => catalog.getShow(found[0]!.id));
        if (show?.id !== found[0]!.id) fail(`getShow(${found[0]!.id}) did not answer that show`);
        const season = await invoke('getSeason()', () => catalog.getSeason(show.id, 1));
        if (season !== null) assertNoProblems('getSeason() result', catalogSeasonProblems(season, show.id, 1));
      },
    });
  }
  return checks;
}

export interface DiscLookupConformanceOptions {
  create: Create<DiscLookupProvider>;
  /** A content hash the provider knows. */
  knownHash?: string;
}

export function discLookupConformance(options: DiscLookupConformanceOptions): ConformanceCheck[] {
  const checks: ConformanceCheck[] = [
    {
      name: 'disc lookup: an unknown content hash answers null, or a coded error',
      async run() {
        const lookup = await invoke('create()', options.create);
        const outcome = await invokeMayFail('lookupByContentHash()', () => lookup.lookupByContentHash('0'.repeat(64)));
        if (outcome.ok && outcome.value !== null)
          fail(`an unknown hash answered ${JSON.stringify(outcome.value)}; it must answer null`);
      },
    },
  ];
  const { knownHash } = options;
  if (knownHash) {
    checks.push({
      name: 'disc lookup: a known content hash answers a well-formed result',
      async run() {
        const lookup = await invoke('create()', options.create);
        const result = await invoke('lookupByContentHash()', () => lookup.lookupByContentHash(knownHash));
        if (result === null) fail(`lookupByContentHash(${JSON.stringify(knownHash)}) answered null for the known hash`);
        assertNoProblems('lookupByContentHash() result', discLookupResultProblems(result));
      },
    });
  }
  return checks;
}

export interface SubtitlesConformanceOptions {
  create: Create<SubtitleProvider>;
  /** A query the provider can answer (its document is checked). */
  knownQuery?: SubtitleQuery;
  abortWithinMs?: number;
}

const UNKNOWN_QUERY: SubtitleQuery = {
  catalogId: null,
  title: 'Spindle Conformance Nothing',
  year: null,
  season: 97,
  episode: 98,
  language: 'en',
};

export function subtitlesConformance(options: SubtitlesConformanceOptions): ConformanceCheck[] {
  const expectAbort = abortExpectation(options);
  const checks: ConformanceCheck[] = [
    {
      name: 'subtitles: quota() answers remaining and resetsAt (numbers/strings or null)',
      async run() {
        const provider = await invoke('create()', options.create);
        const quota = await invoke('quota()', () => provider.quota());
        if (quota?.remaining !== null && !(Number.isInteger(quota?.remaining) && quota.remaining >= 0))
          fail('quota().remaining is neither a count nor null');
        if (quota.resetsAt !== null && typeof quota.resetsAt !== 'string')
          fail('quota().resetsAt is neither a string nor null');
      },
    },
    {
      name: 'subtitles: an episode it does not have answers null, or a coded error',
      async run() {
        const provider = await invoke('create()', options.create);
        const outcome = await invokeMayFail('fetch()', () =>
          provider.fetch(UNKNOWN_QUERY, new AbortController().signal),
        );
        if (outcome.ok && outcome.value !== null)
          fail(
            `fetch() of an unknown episode answered ${JSON.stringify(outcome.value).slice(0, 200)}; it must answer null`,
          );
      },
    },
    {
      name: 'subtitles: an aborted signal rejects quickly with a coded error',
      async run() {
        const provider = await invoke('create()', options.create);
        const controller = new AbortController();
        controller.abort();
        await expectAbort('fetch()', () => provider.fetch(options.knownQuery ?? UNKNOWN_QUERY, controller.signal));
      },
    },
  ];
  const { knownQuery } = options;
  if (knownQuery) {
    checks.push({
      name: 'subtitles: a known episode answers a SubRip document in the requested language',
      async run() {
        const provider = await invoke('create()', options.create);
        const document = await invoke('fetch()', () => provider.fetch(knownQuery, new AbortController().signal));
        if (document === null) fail('fetch() of the known episode answered null');
        assertNoProblems('fetch() result', subtitleDocumentProblems(document, knownQuery.language));
      },
    });
  }
  return checks;
}
