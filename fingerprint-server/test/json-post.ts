/** A JSON POST to a running fingerprint server, with the answer parsed (every route answers JSON). */
export type JsonAnswer = { status: number; body: any; headers: Headers };

export async function postJson(baseUrl: string, path: string, body: unknown): Promise<JsonAnswer> {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}
