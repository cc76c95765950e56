import { ConfigurationError } from '@spindle/plugin-sdk';

export interface PluginProblem {
  /** Package name, or the configured implementation when no package offers it. */
  subject: string;
  problem: string;
  fix: string;
}

/** Stops startup: a configured plugin is missing, invalid, or built for another SDK major. */
export class PluginStartupError extends ConfigurationError {
  constructor(readonly problems: readonly PluginProblem[]) {
    super(
      'plugin_startup_failed',
      [
        `Spindle cannot start: ${problems.length} configured plugin problem${problems.length === 1 ? '' : 's'}.`,
        ...problems.map((p) => `- ${p.subject}: ${p.problem}.\n  Fix: ${p.fix}.`),
        'To go back to the built-in pipeline, start once with `spindle serve --reset-pipeline`.',
      ].join('\n'),
    );
  }
}
