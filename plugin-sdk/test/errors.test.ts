import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  ConfigurationError,
  ConflictError,
  DatabaseError,
  ERROR_CATEGORIES,
  ForbiddenError,
  IdentificationError,
  InputError,
  MatchingError,
  NotFoundError,
  OrganizationError,
  RipperError,
  SpindleError,
  SubtitleError,
  throwIfAborted,
} from '../src/index.ts';

describe('SpindleError', () => {
  it('carries code, category, kind, retryable, details and cause', () => {
    const cause = new Error('disk full');
    const error = new SpindleError('copy_failed', 'Could not copy', {
      category: 'organization',
      retryable: true,
      cause,
      details: { path: '/x' },
    });
    expect(error).toMatchObject({
      code: 'copy_failed',
      message: 'Could not copy',
      category: 'organization',
      kind: 'failure',
      retryable: true,
    });
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ path: '/x' });
    expect(error.name).toBe('SpindleError');
    expect(error).toBeInstanceOf(Error);
  });

  it('defaults to an internal, non-retryable failure without a cause', () => {
    const error = new SpindleError('oops', 'Oops');
    expect(error).toMatchObject({ category: 'internal', kind: 'failure', retryable: false });
    expect('cause' in error).toBe(false);
  });

  it.each([
    [RipperError, 'ripper', 'failure'],
    [MatchingError, 'matching', 'failure'],
    [ConfigurationError, 'configuration', 'failure'],
    [OrganizationError, 'organization', 'failure'],
    [SubtitleError, 'subtitle', 'failure'],
    [DatabaseError, 'database', 'failure'],
    [IdentificationError, 'identification', 'failure'],
    [InputError, 'input', 'invalid_input'],
    [NotFoundError, 'input', 'not_found'],
    [ConflictError, 'input', 'conflict'],
    [ForbiddenError, 'input', 'forbidden'],
  ] as const)('%o has category %s and kind %s', (ErrorClass, category, kind) => {
    const error = new ErrorClass('some_code', 'message', { retryable: true });
    expect(error).toMatchObject({ code: 'some_code', category, kind, retryable: true, name: ErrorClass.name });
    expect(error).toBeInstanceOf(SpindleError);
    expect(ERROR_CATEGORIES).toContain(error.category);
  });

  it('covers the spec categories', () => {
    for (const category of ['ripper', 'matching', 'configuration', 'organization', 'subtitle', 'database'])
      expect(ERROR_CATEGORIES).toContain(category);
  });
});

describe('SpindleError.is', () => {
  it('recognises errors made by another copy of the SDK', async () => {
    const secondCopy: string = '../src/errors.ts?second-copy';
    const copy = (await import(secondCopy)) as typeof import('../src/errors.ts');
    const foreign = new copy.RipperError('scan_failed', 'Scan failed');
    expect(copy.SpindleError).not.toBe(SpindleError);
    expect(foreign instanceof SpindleError).toBe(false);
    expect(SpindleError.is(foreign)).toBe(true);
  });

  it('rejects plain errors and look-alike plain objects', () => {
    expect(SpindleError.is(new Error('plain'))).toBe(false);
    expect(SpindleError.is({ code: 'x', category: 'ripper', kind: 'failure', message: 'm' })).toBe(false);
    expect(SpindleError.is(null)).toBe(false);
    expect(SpindleError.is('scan_failed')).toBe(false);
    expect(SpindleError.is(Object.assign(new Error('m'), { code: 'ENOENT' }))).toBe(false);
  });
});

describe('throwIfAborted', () => {
  it('does nothing while the signal is live', () => {
    expect(() => throwIfAborted(new AbortController().signal)).not.toThrow();
  });

  it('throws an AbortedError carrying the reason', () => {
    const controller = new AbortController();
    const reason = new Error('user cancelled the job');
    controller.abort(reason);
    try {
      throwIfAborted(controller.signal);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({ code: 'aborted', message: 'user cancelled the job', retryable: false });
      expect((error as Error).cause).toBe(reason);
    }
  });

  it('uses a generic message when the reason is not an Error', () => {
    const controller = new AbortController();
    controller.abort('stop');
    expect(() => throwIfAborted(controller.signal)).toThrow('Operation aborted');
  });
});
