/**
 * Knows every secret value currently configured and blanks it out of any text. Used by the
 * logger, the diagnostics report and anything else that writes text leaving the process.
 */
export class SecretRedactor {
  private secrets: string[] = [];
  private source: (() => Iterable<string | null | undefined>) | null = null;

  /** Takes the secret values from `source` now and at every `refresh()`. */
  follow(source: () => Iterable<string | null | undefined>): void {
    this.source = source;
    this.refresh();
  }

  /** Reads the followed source again (the configuration changed, or plugin manifests were read). */
  refresh(): void {
    if (this.source) this.setSecrets(this.source());
  }

  /** Replaces the set of secret values (called whenever the configuration changes). */
  setSecrets(values: Iterable<string | null | undefined>): void {
    this.secrets = [...new Set([...values].filter((v): v is string => typeof v === 'string' && v.length >= 4))].sort(
      (a, b) => b.length - a.length,
    );
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join('***');
    }
    return out;
  }

  /** Redacts every string inside a JSON-like value. */
  redactValue(value: unknown): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (Array.isArray(value)) return value.map((v) => this.redactValue(v));
    if (value instanceof Error) return this.redact(value.message);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.redactValue(v)]));
    }
    return value;
  }
}
