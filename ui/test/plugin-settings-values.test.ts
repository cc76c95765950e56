/**
 * The values behind a plugin's settings form: what the inputs start with (never a secret's value),
 * what each input sends on save, and why a typed value cannot be saved.
 */
import { describe, expect, it } from 'vitest';
import {
  formValues,
  readableMessage,
  valueOf,
  type FormValues,
  type Schema,
} from '../src/lib/plugin-settings-values.ts';

const fields: [string, Schema][] = [
  ['enabled', { type: 'boolean' }],
  ['events', { type: 'array', items: { enum: ['job_failed', 'job_completed'] } }],
  ['api_token', { type: 'string' }],
  ['password_hint', { type: 'string', writeOnly: true }],
  ['threads', { type: ['integer', 'null'] }],
  ['ratio', { type: 'number' }],
  ['tags', { type: 'array', items: { type: 'string' } }],
  ['headers', { type: 'object' }],
  ['server', { type: 'string' }],
];
const schemaOf = (name: string) => fields.find(([n]) => n === name)![1];
const form = (text: Record<string, string>, more: Partial<FormValues> = {}): FormValues => ({
  text,
  flags: {},
  picks: {},
  ...more,
});

describe('plugin settings form values', () => {
  it('starts from the stored settings and never shows a credential', () => {
    const values = formValues(fields, {
      enabled: false,
      events: ['job_failed'],
      api_token: 'secret-token',
      password_hint: '***',
      threads: 4,
      tags: ['a', 'b'],
      headers: { 'X-Key': '1' },
    });
    expect(values.flags).toEqual({ enabled: false });
    expect(values.picks).toEqual({ events: ['job_failed'] });
    expect(values.text).toEqual({
      api_token: '',
      password_hint: '',
      threads: '4',
      ratio: '',
      tags: 'a, b',
      headers: '{"X-Key":"1"}',
      server: '',
    });
  });

  it('sends typed numbers as numbers and refuses a fraction in a whole-number setting', () => {
    expect(valueOf('threads', schemaOf('threads'), form({ threads: ' 6 ' }), 'Threads')).toEqual({
      action: 'set',
      value: 6,
    });
    expect(valueOf('threads', schemaOf('threads'), form({ threads: '1.5' }), 'Threads')).toEqual({
      action: 'keep',
      error: 'Threads must be a whole number',
    });
    expect(valueOf('ratio', schemaOf('ratio'), form({ ratio: '0.25' }), 'Ratio')).toEqual({
      action: 'set',
      value: 0.25,
    });
    expect(valueOf('ratio', schemaOf('ratio'), form({ ratio: 'abc' }), 'Ratio')).toEqual({
      action: 'keep',
      error: 'Ratio must be a number',
    });
  });

  it('keeps a stored credential left empty, clears other empty settings, and reads lists, JSON and choices', () => {
    expect(valueOf('api_token', schemaOf('api_token'), form({ api_token: '' }), 'Token')).toEqual({ action: 'keep' });
    expect(valueOf('server', schemaOf('server'), form({ server: '  ' }), 'Server')).toEqual({ action: 'clear' });
    expect(valueOf('tags', schemaOf('tags'), form({ tags: 'a, ,b ,' }), 'Tags')).toEqual({
      action: 'set',
      value: ['a', 'b'],
    });
    expect(valueOf('headers', schemaOf('headers'), form({ headers: '{"a":1}' }), 'Headers')).toEqual({
      action: 'set',
      value: { a: 1 },
    });
    expect(valueOf('headers', schemaOf('headers'), form({ headers: '{a' }), 'Headers')).toEqual({
      action: 'keep',
      error: 'Headers must be JSON',
    });
    expect(valueOf('enabled', schemaOf('enabled'), form({}, { flags: { enabled: null } }), 'On')).toEqual({
      action: 'clear',
    });
    expect(valueOf('enabled', schemaOf('enabled'), form({}, { flags: { enabled: true } }), 'On')).toEqual({
      action: 'set',
      value: true,
    });
    // Ticked options are sent in the schema's order.
    const picked = form({}, { picks: { events: ['job_completed', 'job_failed'] } });
    expect(valueOf('events', schemaOf('events'), picked, 'Events')).toEqual({
      action: 'set',
      value: ['job_failed', 'job_completed'],
    });
  });

  it('names settings by their labels in an API message', () => {
    const message = readableMessage(
      'plugin_settings.notifier-webhook.threads must be >= 1; plugin_settings.notifier-webhook is invalid',
      { id: 'notifier-webhook', display_name: 'Webhooks' },
      { threads: { type: 'integer' } },
      (name) => `Label of ${name}`,
    );
    expect(message).toBe('Label of threads must be >= 1; Webhooks’s settings is invalid');
  });
});
