// An MCP client signing in to Quiver by itself, with the official TypeScript SDK's own OAuth
// flow (auth(), StreamableHTTPClientTransport, an OAuthClientProvider): 401 -> Protected Resource
// Metadata -> authorization server metadata -> registration (a Client ID Metadata Document when
// CLIENT_METADATA_URL is set, else dynamic registration) -> authorization with PKCE in a browser
// -> token -> initialize, tools/list, tools/call -> refresh -> revoke -> the next call answers 401.
//
//   node ts-sdk-oauth-client.mjs <mcp-url> [client-metadata-url]
//
// Run from a folder where @modelcontextprotocol/sdk is installed. The browser is the test's: this
// script prints {"authorize": url} and waits for the authorization server to redirect the browser
// to its loopback callback. It prints one JSON line per step and a last {"summary": ...} line.
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';

const [mcpUrl, clientMetadataUrl] = process.argv.slice(2);
const say = (line) => process.stdout.write(JSON.stringify(line) + '\n');

// The loopback callback: the port is the system's choice, as desktop clients do (RFC 8252).
let deliver;
const codes = new Promise((resolve) => (deliver = resolve));
const callback = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://127.0.0.1');
  response.writeHead(200, { 'Content-Type': 'text/html' });
  response.end('<!doctype html><title>done</title><p id="done">You can close this window.</p>');
  deliver(Object.fromEntries(url.searchParams));
});
await new Promise((resolve) => callback.listen(0, '127.0.0.1', resolve));
const redirectUrl = `http://127.0.0.1:${callback.address().port}/callback`;

const store = {};
const provider = {
  get redirectUrl() { return redirectUrl; },
  get clientMetadataUrl() { return clientMetadataUrl; },
  get clientMetadata() {
    return { client_name: 'TS SDK test client', redirect_uris: [redirectUrl], grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'], token_endpoint_auth_method: 'none' };
  },
  clientInformation() { return store.client; },
  saveClientInformation(info) { store.client = info; say({ step: 'registered', clientId: info.client_id }); },
  tokens() { return store.tokens; },
  saveTokens(tokens) { store.tokens = tokens; say({ step: 'tokens', scope: tokens.scope, expiresIn: tokens.expires_in, refresh: !!tokens.refresh_token }); },
  redirectToAuthorization(url) { store.authorizeUrl = url.toString(); say({ authorize: url.toString() }); },
  saveCodeVerifier(verifier) { store.verifier = verifier; },
  codeVerifier() { return store.verifier; },
};

const summary = {};
const fail = (what) => { summary.failures = [...(summary.failures ?? []), what]; };
async function connect() {
  const client = new Client({ name: 'quiver-signin-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
  await client.connect(transport);
  return { client, transport };
}

try {
  // 1. No token: the SDK follows the 401 to the metadata, registers and sends us to the browser.
  try {
    await connect();
    fail('connected without signing in');
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
  }
  const authorizeUrl = new URL(store.authorizeUrl);
  summary.authorize = {
    resource: authorizeUrl.searchParams.get('resource'),
    method: authorizeUrl.searchParams.get('code_challenge_method'),
    scope: authorizeUrl.searchParams.get('scope'),
    clientId: authorizeUrl.searchParams.get('client_id'),
  };
  // 2. The browser signs in and consents; the code comes back to the loopback callback.
  const answer = await codes;
  summary.callback = { iss: answer.iss, hasCode: !!answer.code, error: answer.error };
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
  await transport.finishAuth(answer.code);
  const firstAccess = store.tokens.access_token;
  const firstRefresh = store.tokens.refresh_token;

  // 3. Signed in: initialize, tools/list, tools/call.
  let { client } = await connect();
  summary.protocolVersion = client.getServerVersion()?.name;
  const tools = await client.listTools();
  summary.tools = tools.tools.map((t) => t.name);
  const org = await client.callTool({ name: 'quiver__org__get', arguments: {} });
  summary.orgGet = { isError: org.isError, orgId: org.structuredContent?.orgId };
  await client.close();

  // 4. Refresh: the refresh token rotates and the new access token works.
  const refreshed = await auth(provider, { serverUrl: new URL(mcpUrl) });
  summary.refresh = {
    result: refreshed,
    newAccess: store.tokens.access_token !== firstAccess,
    rotated: !!store.tokens.refresh_token && store.tokens.refresh_token !== firstRefresh,
  };
  ({ client } = await connect());
  const again = await client.callTool({ name: 'quiver__org__get', arguments: {} });
  summary.afterRefresh = { isError: again.isError };

  // 5. Revoke (RFC 7009) the refresh token: the family ends, and so does the live access token.
  const metadata = await (await fetch(new URL('/.well-known/oauth-authorization-server', mcpUrl))).json();
  const revoked = await fetch(metadata.revocation_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: store.tokens.refresh_token, token_type_hint: 'refresh_token', client_id: store.client.client_id }),
  });
  summary.revoke = { status: revoked.status };
  const accessAfterRevoke = store.tokens.access_token;
  const call = await fetch(mcpUrl, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessAfterRevoke}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'quiver__org__get', arguments: {} } }),
  });
  summary.afterRevoke = { status: call.status, challenge: call.headers.get('www-authenticate') };
  // And the revoked refresh token no longer refreshes.
  const refreshAgain = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: store.tokens.refresh_token, client_id: store.client.client_id }),
  });
  summary.refreshAfterRevoke = { status: refreshAgain.status, body: await refreshAgain.json() };
  await client.close().catch(() => {});
} catch (error) {
  summary.error = { name: error?.constructor?.name, message: String(error?.message ?? error) };
} finally {
  callback.close();
  say({ summary });
  process.exit(0);
}
