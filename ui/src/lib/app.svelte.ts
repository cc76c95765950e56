/**
 * The UI's state, one instance of each small class, wired to the one WebSocket. Screens import
 * `app` and read the parts they show; only these classes call the API.
 */
import { whenLoginRequired } from './api/runtime.ts';
import { AuthState } from './state/auth.svelte.ts';
import { ConfigState } from './state/config.svelte.ts';
import { LiveConnection } from './state/connection.svelte.ts';
import { ContributionsState } from './state/contributions.svelte.ts';
import { DisclosurePrompt } from './state/disclosure.svelte.ts';
import { HistoryState } from './state/history.svelte.ts';
import { ActiveJobs } from './state/jobs.svelte.ts';
import { ReviewQueue } from './state/review.svelte.ts';
import { Router } from './state/router.svelte.ts';
import { StatsState } from './state/stats.svelte.ts';
import { SystemStatus } from './state/system.svelte.ts';
import { Theme } from './state/theme.svelte.ts';
import { Toasts } from './state/toasts.svelte.ts';

const SETUP_SKIPPED_KEY = 'spindle.setup.skipped';

class AppState {
  readonly auth = new AuthState();
  readonly connection = new LiveConnection();
  readonly router = new Router();
  readonly theme = new Theme();
  readonly toasts = new Toasts();
  readonly jobs = new ActiveJobs();
  readonly system = new SystemStatus();
  readonly config = new ConfigState();
  readonly review = new ReviewQueue();
  readonly history = new HistoryState();
  readonly stats = new StatsState();
  readonly disclosure = new DisclosurePrompt(this.config);
  readonly contributions = new ContributionsState();

  private started = false;
  private live = false;
  private liveWired = false;

  start(): void {
    if (this.started) return;
    this.started = true;
    this.theme.start();
    this.router.start();
    // Any 401 means the session is gone: back to the login page, and back here afterwards.
    whenLoginRequired(() => this.showLogin());
    void this.auth.load().then(() => {
      if (this.auth.needsLogin || (this.auth.status === null && this.router.route.name === 'login')) this.showLogin();
      else this.startLive();
    });
  }

  /** After a successful login (or first password): start the live parts and go where the person was headed. */
  loggedIn(destination: string): void {
    this.router.go(destination, { replace: true });
    this.startLive();
  }

  async logOut(): Promise<void> {
    if (await this.auth.logOut()) location.assign('/login');
  }

  private showLogin(): void {
    this.auth.lost();
    this.connection.stop();
    this.live = false;
    if (this.router.route.name === 'login') return;
    this.router.go(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }

  private startLive(): void {
    if (this.live) return;
    const first = !this.liveWired;
    this.live = true;
    if (first) this.wireLive();
    this.connection.start();
    // A save can leave a change waiting for a restart, or end safe mode: the banner reads /api/status again.
    this.config.onSaved = () => void this.system.refreshStatus();
    void this.config.load().then(() => {
      if (
        this.config.needsSetup &&
        !localStorage.getItem(SETUP_SKIPPED_KEY) &&
        this.router.route.name === 'dashboard'
      ) {
        this.router.go('/setup', { replace: true });
      }
    });
  }

  private wireLive(): void {
    this.liveWired = true;
    this.connection.onMessage((message) => {
      this.jobs.apply(message);
      this.system.apply(message);
      this.disclosure.apply(message);
      if (message.type === 'job_update' && this.router.route.name === 'review') {
        const inQueue = this.review.entries.some((e) => e.job.id === message.job_id);
        if ((message.state === 'review_needed') !== inQueue) void this.jobs.refresh().then(() => this.review.load());
      }
    });
    this.connection.onOpen((reconnected) => {
      void this.jobs.refresh();
      void this.system.refresh();
      if (reconnected) {
        void this.config.load();
        this.toasts.show('Live updates are back.', 'success', 3000);
      }
    });
  }

  skipSetup(): void {
    localStorage.setItem(SETUP_SKIPPED_KEY, '1');
  }
}

export const app = new AppState();
