/**
 * The values behind a plugin's settings form (PluginSettingsForm.svelte): how a setting's JSON
 * Schema is read, what the inputs start with from the stored settings, what each input sends on save
 * (or why it cannot), and API messages with the setting paths replaced by labels.
 */
export type Schema = { [key: string]: unknown };

const CREDENTIAL = /key|token|password|secret|credential/i;

/** A credential (writeOnly, or named like a key, token, password or secret): its value is never on the screen. */
export const isSecret = (name: string, s: Schema) => s.writeOnly === true || CREDENTIAL.test(name);
export const typeOf = (s: Schema) =>
  Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);
export const choices = (s: Schema) => ((s.items as Schema | undefined)?.enum as string[] | undefined) ?? null;

/** The inputs: text by property ('' means "not set here", the default applies), yes/no selects, ticked options. */
export interface FormValues {
  text: Record<string, string>;
  flags: Record<string, boolean | null>;
  picks: Record<string, string[] | null>;
}

/** What the inputs show for the stored settings (never a secret's value). */
export function formValues(fields: readonly [string, Schema][], stored: Record<string, unknown>): FormValues {
  const t: Record<string, string> = {};
  const f: Record<string, boolean | null> = {};
  const p: Record<string, string[] | null> = {};
  for (const [name, s] of fields) {
    const v = stored[name];
    if (typeOf(s) === 'boolean') f[name] = typeof v === 'boolean' ? v : null;
    else if (typeOf(s) === 'array' && choices(s)) p[name] = Array.isArray(v) ? (v as string[]) : null;
    else if (isSecret(name, s)) t[name] = '';
    else if (v === undefined || v === null) t[name] = '';
    else if (Array.isArray(v) && typeOf(s) === 'array') t[name] = v.join(', ');
    else if (typeof v === 'object') t[name] = JSON.stringify(v);
    else t[name] = String(v);
  }
  return { text: t, flags: f, picks: p };
}

/** set: send this value; keep: leave what is stored; clear: remove it (the default applies). */
export type SettingValue = { action: 'set' | 'keep' | 'clear'; value?: unknown; error?: string };

/** What the input of setting `name` sends; `label` names it in an error. */
export function valueOf(name: string, s: Schema, form: FormValues, label: string): SettingValue {
  const { text, flags, picks } = form;
  const type = typeOf(s);
  if (type === 'boolean')
    return flags[name] === null || flags[name] === undefined
      ? { action: 'clear' }
      : { action: 'set', value: flags[name] };
  if (type === 'array' && choices(s)) {
    const chosen = picks[name];
    return chosen === null || chosen === undefined
      ? { action: 'clear' }
      : { action: 'set', value: choices(s)!.filter((c) => chosen.includes(c)) };
  }
  // bind:value on a number input yields a number (or null): read everything as text.
  const raw = String(text[name] ?? '').trim();
  if (isSecret(name, s) && raw === '') return { action: 'keep' };
  if (raw === '') return { action: 'clear' };
  if (type === 'integer' || type === 'number') {
    const n = Number(raw);
    if (!Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n)))
      return { action: 'keep', error: `${label} must be a ${type === 'integer' ? 'whole number' : 'number'}` };
    return { action: 'set', value: n };
  }
  if (type === 'array')
    return {
      action: 'set',
      value: raw
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    };
  if (type === 'object') {
    try {
      return { action: 'set', value: JSON.parse(raw) };
    } catch {
      return { action: 'keep', error: `${label} must be JSON` };
    }
  }
  return { action: 'set', value: raw };
}

/** An API message with the plugin's setting paths replaced by their labels. */
export function readableMessage(
  messageText: string,
  plugin: { id: string; display_name?: string | null },
  props: Record<string, Schema>,
  label: (name: string, s: Schema) => string,
): string {
  let out = messageText;
  for (const [name, s] of Object.entries(props))
    out = out.replaceAll(`plugin_settings.${plugin.id}.${name}`, label(name, s));
  return out.replaceAll(`plugin_settings.${plugin.id}`, `${plugin.display_name ?? 'this plugin'}’s settings`);
}
