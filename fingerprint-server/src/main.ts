/** `npm run start --workspace @spindle/fingerprint-server`: PORT, HOST, DATABASE_URL and policy from the environment. */
import { startFingerprintServer } from './fingerprint-server.ts';
import { loadSettings } from './server-settings.ts';
import { errorMessage } from '@spindle/plugin-sdk';

try {
  const settings = loadSettings();
  const server = await startFingerprintServer(settings);
  process.stderr.write(`fingerprint-server listening on ${server.url} (database: ${server.db.dialect})\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  process.stderr.write(`fingerprint-server could not start: ${errorMessage(error)}\n`);
  process.exit(1);
}
