/** What the starter writes for the providers that tell the outside: notifier, library_refresher (shape: kind-template.ts). */
import type { KindTemplate } from './kind-template.ts';
import { TEST_SIGNAL as signal } from './kind-template.ts';

/** Both templates append to a file named by their one setting (default: a file in the data folder). */
const APPEND_TO_FILE = {
  sdkImports: ['throwIfAborted'],
  imports: ["import { appendFile } from 'node:fs/promises';", "import { join } from 'node:path';"],
  settingsSchema: {
    type: 'object',
    properties: { file: { type: 'string', default: '' } },
    additionalProperties: false,
  },
} satisfies Partial<KindTemplate>;

export const OUTBOUND_PROVIDER_TEMPLATES: Record<string, KindTemplate> = {
  notifier: {
    summary:
      'appends each notification as a JSON line to a file (its setting, or notifications.jsonl in its data folder)',
    ...APPEND_TO_FILE,
    factory: `(setup) => {
    const file = String(setup.settings.file) || join(setup.host.dataDir, 'notifications.jsonl');
    return {
      async send(notification, signal) {
        throwIfAborted(signal);
        await appendFile(file, \`\${JSON.stringify(notification)}\\n\`);
      },
      status() {
        return { configured: true, target: file };
      },
    };
  }`,
    kitImports: ['createProvider', 'notifierContractConformance', 'runConformance', 'sampleNotification'],
    testImports: ["import { readFile } from 'node:fs/promises';"],
    tests: `  it('appends the notification to its file', async () => {
    const notifier = await createProvider(plugin, 'notifier', '__ID__', { manifest });
    await notifier.send(sampleNotification(), ${signal});
    const target = notifier.status().target ?? '';
    assert.equal(JSON.parse(await readFile(target, 'utf8')).event, sampleNotification().event);
  });
});

runConformance(
  notifierContractConformance({ create: () => createProvider(plugin, 'notifier', '__ID__', { manifest }) }),
  { describe, it },
  '__ID__ notifier conformance',
);

describe('__ID__ (more)', () => {`,
  },
  library_refresher: {
    summary: 'records the folders to rescan in a file (replace with a call to your media server)',
    ...APPEND_TO_FILE,
    factory: `(setup) => {
    const file = String(setup.settings.file) || join(setup.host.dataDir, 'refreshes.log');
    return {
      async refresh(request) {
        throwIfAborted(request.signal);
        await appendFile(file, request.paths.map((p) => \`\${request.contentType}\\t\${p}\\n\`).join(''));
        return { detail: \`noted \${request.paths.length} folder(s)\` };
      },
      status() {
        return { configured: true, target: file };
      },
    };
  }`,
    kitImports: ['createProvider'],
    tests: `  it('notes the folders to rescan', async () => {
    const refresher = await createProvider(plugin, 'library_refresher', '__ID__', { manifest });
    const result = await refresher.refresh({ paths: ['/library/Movies/Great Movie'], contentType: 'movie', signal: ${signal} });
    assert.equal(result.detail, 'noted 1 folder(s)');
  });`,
  },
};
