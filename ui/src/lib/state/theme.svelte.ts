/**
 * Light and dark themes: follows the system (prefers-color-scheme) until the person picks one
 * with the toggle; the choice is remembered in localStorage and set on <html data-theme>.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

const KEY = 'spindle.theme';

export class Theme {
  choice = $state<ThemeChoice>('system');
  systemDark = $state(false);

  get effective(): 'light' | 'dark' {
    return this.choice === 'system' ? (this.systemDark ? 'dark' : 'light') : this.choice;
  }

  start(): void {
    const stored = localStorage.getItem(KEY);
    if (stored === 'light' || stored === 'dark') this.choice = stored;
    const query = matchMedia('(prefers-color-scheme: dark)');
    this.systemDark = query.matches;
    query.addEventListener('change', (e) => {
      this.systemDark = e.matches;
      this.apply();
    });
    this.apply();
  }

  /** Switches to the opposite of what is shown now. */
  toggle(): void {
    this.set(this.effective === 'dark' ? 'light' : 'dark');
  }

  set(choice: ThemeChoice): void {
    this.choice = choice;
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
    this.apply();
  }

  private apply(): void {
    document.documentElement.dataset.theme = this.effective;
    document.documentElement.style.colorScheme = this.effective;
  }
}
