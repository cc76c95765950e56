/**
 * The login as the UI sees it: whether the service requires one, whether this browser has a
 * session, and the actions of the login page (log in, choose the first password with the setup
 * link's token, log out). The session itself is an HttpOnly cookie the page never sees.
 */
import { getAuthStatus, login, logout, setUpPassword, type GetAuthStatusResponse } from '../api/generated.ts';
import { errorMessage } from '../api/runtime.ts';

export class AuthState {
  status = $state<GetAuthStatusResponse | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);

  /** The service requires a login and this browser has none. */
  get needsLogin(): boolean {
    return this.status !== null && this.status.login_required && !this.status.authenticated;
  }

  async load(): Promise<void> {
    try {
      this.status = await getAuthStatus();
      this.error = null;
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  /** Marks the session as gone (a 401 from any call). */
  lost(): void {
    if (this.status) this.status = { ...this.status, authenticated: false, method: null };
  }

  private async run(action: () => Promise<unknown>): Promise<boolean> {
    this.busy = true;
    this.error = null;
    try {
      await action();
      await this.load();
      return true;
    } catch (e) {
      this.error = errorMessage(e);
      return false;
    } finally {
      this.busy = false;
    }
  }

  logIn(password: string): Promise<boolean> {
    return this.run(() => login({ password }));
  }

  setUp(setupToken: string, password: string): Promise<boolean> {
    return this.run(() => setUpPassword({ setup_token: setupToken, password }));
  }

  logOut(): Promise<boolean> {
    return this.run(() => logout());
  }
}
