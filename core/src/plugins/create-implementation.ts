/** Calls a plugin's factory; a throw becomes a PluginStartupError naming the plugin, file and line, stack and fix. */
import type { PluginSetup } from '@spindle/plugin-sdk';
import { codeThrowProblem } from './plugin-load-messages.ts';
import type { ImplementationRecord } from './plugin-registry.ts';
import { PluginStartupError } from './plugin-startup-error.ts';

const STAGE_KEYS: Record<string, string> = {
  detector: 'pipeline.detectors',
  identifier: 'pipeline.identifiers',
  ripper: 'pipeline.rippers',
  matcher: 'pipeline.matchers',
  organizer: 'pipeline.organizer',
  contributor: 'pipeline.contributors',
};

export function configKeyOf(record: Pick<ImplementationRecord, 'group' | 'kind'>): string {
  return record.group === 'stage' ? (STAGE_KEYS[record.kind] ?? 'the pipeline') : `pipeline.providers.${record.kind}`;
}

export async function createImplementation(record: ImplementationRecord, setup: PluginSetup): Promise<unknown> {
  try {
    return await record.create(setup);
  } catch (error) {
    throw new PluginStartupError([
      codeThrowProblem({
        error,
        pluginId: record.pluginId,
        packageName: record.packageName ?? record.pluginId,
        dir: record.dir ?? '(unknown folder)',
        during: `its ${record.group} ${record.kind} "${record.id}" factory`,
        configured: configKeyOf(record),
      }),
    ]);
  }
}
