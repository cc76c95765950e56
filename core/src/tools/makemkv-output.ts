/**
 * Reads what `makemkvcon -r --cache=1 info disc:9999` prints: the version from the MSG:1005
 * start line and the license state from its messages. Robot-mode message lines look like
 * `MSG:code,flags,count,"message","format",params...`.
 */

export type RipperLicense = 'registered' | 'evaluation' | 'expired' | 'unknown';

export interface RobotMessage {
  code: number;
  text: string;
}

export interface LicenseReading {
  license: RipperLicense;
  /** The message that makes the ripper unusable (expired or rejected key), or null. */
  problem: string | null;
}

const MSG_LINE = /^MSG:(\d+),\d+,\d+,"((?:[^"\\]|\\.)*)"/;

export function parseRobotMessages(output: string): RobotMessage[] {
  const messages: RobotMessage[] = [];
  for (const line of output.split(/\r?\n/)) {
    const match = MSG_LINE.exec(line.trim());
    if (match) messages.push({ code: Number(match[1]), text: match[2]!.replace(/\\(.)/g, '$1') });
  }
  return messages;
}

/** `MakeMKV v1.17.7 linux(x64-release) started` → `1.17.7`; also read from non-robot output. */
export function makemkvVersion(output: string): string | null {
  const start = parseRobotMessages(output).find((m) => m.code === 1005);
  const match = /MakeMKV v?(\d+(?:\.\d+)+)/i.exec(start?.text ?? output);
  return match ? match[1]! : null;
}

/**
 * Codes seen in the wild for an unusable installation: 5021 (this beta build is too old — no key
 * helps, a newer version is needed), 5052 and 5055 (evaluation period expired), 5073 (temporary
 * key expired).
 */
const EXPIRED_CODES = new Set([5021, 5052, 5055, 5073]);
const EXPIRED_TEXT =
  /evaluation period has expired|version is too old|key has expired|shareware functionality unavailable/i;
const REJECTED_KEY_TEXT = /(?:registration|app|activation) key (?:is )?(?:incorrect|invalid|not valid)/i;
const EVALUATION_TEXT = /evaluation|shareware|days? (?:remaining|left)/i;
const REGISTERED_TEXT = /\bregistered\b|key (?:is )?(?:accepted|valid)\b/i;

/**
 * The license state: `expired` when MakeMKV says so; otherwise what it says about evaluation or
 * registration; otherwise `registered` when a key is known to be installed and `evaluation` when
 * none is (MakeMKV runs without a key as shareware). `unknown` when the output is not MakeMKV's.
 */
export function makemkvLicense(output: string, keyInstalled: boolean): LicenseReading {
  const messages = parseRobotMessages(output);
  const texts = messages.length > 0 ? messages : [{ code: 0, text: output }];
  const expired = texts.find((m) => EXPIRED_CODES.has(m.code) || EXPIRED_TEXT.test(m.text));
  if (expired) return { license: 'expired', problem: expired.text };
  const rejected = texts.find((m) => REJECTED_KEY_TEXT.test(m.text));
  if (rejected) return { license: 'unknown', problem: rejected.text };
  if (makemkvVersion(output) === null) return { license: 'unknown', problem: null };
  if (texts.some((m) => REGISTERED_TEXT.test(m.text))) return { license: 'registered', problem: null };
  if (texts.some((m) => EVALUATION_TEXT.test(m.text))) return { license: 'evaluation', problem: null };
  return { license: keyInstalled ? 'registered' : 'evaluation', problem: null };
}

/** MakeMKV's own settings file, where `makemkvcon reg` and the GUI store the key (not on Windows: registry). */
export function makemkvSettingsFile(homeDir: string, platform: NodeJS.Platform): string | null {
  if (platform === 'win32') return null;
  return `${homeDir.replace(/\/+$/, '')}/.MakeMKV/settings.conf`;
}

/** True when a settings.conf text holds a non-empty `app_Key`. */
export function settingsHaveKey(settingsText: string): boolean {
  return /^\s*app_Key\s*=\s*"?[^"\s]+/m.test(settingsText);
}
