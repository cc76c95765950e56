/**
 * The secret scan's planted credentials, the spellings a secret could leak in, and the two small
 * HTTP helpers its local stand-ins use (test/reliability/secret-scan.test.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One distinctive value per credential; none is a substring of anything else the flow produces. */
export const SECRETS = {
  ripper_key: `T-${'RIPPERKEYqx7'.repeat(6)}Zq9`,
  catalog_api_key: `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"aud":"catalog-secret-qx7"}').toString('base64url')}.CATALOGsigQX7w`,
  opensubtitles_api_key: 'OSKEYqx7-3f9a2c71d4e8b6a0',
  opensubtitles_password: 'OSPASSqx7-correct-horse-battery',
  ai_api_key: 'sk-AIKEYqx7-9d2e4b1c7a6f',
  webhook_url_token: 'HOOKTOKENqx7-51b2c9',
  webhook_authorization: 'Bearer WEBHOOKAUTHqx7-a8c3e1',
  ntfy_topic: 'ntfytopicqx7-e02d77',
  ntfy_token: 'tk_NTFYTOKENqx7x0b2e8',
  discord_token: 'DISCORDqx7-Zr4Tq1p9',
  jellyfin_api_key: 'JELLYKEYqx7c04f1e2d3',
  plex_token: 'PLEXTOKqx7-91c2b3',
  emby_api_key: 'EMBYKEYqx7a0b1c2d3',
};

export const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
export const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The spellings a secret could leak in. */
export function spellings(value: string): string[] {
  return [
    ...new Set([
      value,
      JSON.stringify(value).slice(1, -1),
      encodeURIComponent(value),
      Buffer.from(value).toString('base64'),
      Buffer.from(value).toString('base64url'),
    ]),
  ];
}
