/**
 * A small client-side router over the History API (the core serves index.html for every
 * client route). Links are plain <a href>; clicks on same-origin links are intercepted.
 */
export type Route =
  | { name: 'dashboard' }
  | { name: 'job'; id: number }
  | { name: 'review' }
  | { name: 'history' }
  | { name: 'statistics' }
  | { name: 'settings'; section: string | null }
  | { name: 'setup' }
  | { name: 'contributions' }
  | { name: 'diagnostics' }
  | { name: 'login' }
  | { name: 'not_found' };

export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { name: 'dashboard' };
  const job = /^\/jobs\/(\d+)$/.exec(path);
  if (job) return { name: 'job', id: Number(job[1]) };
  const settings = /^\/settings(?:\/([a-z-]+))?$/.exec(path);
  if (settings) return { name: 'settings', section: settings[1] ?? null };
  const simple = ['review', 'history', 'statistics', 'setup', 'contributions', 'diagnostics', 'login'] as const;
  for (const name of simple) if (path === `/${name}`) return { name };
  return { name: 'not_found' };
}

export class Router {
  route = $state<Route>({ name: 'dashboard' });
  search = $state('');

  start(): void {
    this.sync();
    addEventListener('popstate', () => this.sync());
    document.addEventListener('click', (event) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin || url.pathname.startsWith('/api') || anchor.dataset.external !== undefined)
        return;
      event.preventDefault();
      this.go(url.pathname + url.search);
    });
  }

  go(to: string, options: { replace?: boolean } = {}): void {
    if (to === location.pathname + location.search) return;
    if (options.replace) history.replaceState(null, '', to);
    else history.pushState(null, '', to);
    this.sync();
    if (!options.replace) {
      scrollTo(0, 0);
      // Move focus to the new screen's heading for screen-reader and keyboard users.
      queueMicrotask(() => requestAnimationFrame(() => document.querySelector<HTMLElement>('main h1')?.focus()));
    }
  }

  private sync(): void {
    this.route = parseRoute(location.pathname);
    this.search = location.search;
  }
}
