// Smoke test of Quiver's MCP endpoint with the official TypeScript SDK client (v1), as a real
// AI client would use it: bearer token, initialize, tools/list following nextCursor, tools/call.
//
//   node mcp-smoke.mjs <mcp-url> <full-scope-token> <read-only-token>
//
// Run from a folder where @modelcontextprotocol/sdk is installed (.ci/conformance copies it
// into its cache). Prints one JSON summary line; exit 0 when every check holds, 1 otherwise.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [url, token, readOnlyToken] = process.argv.slice(2);
if (!url || !token || !readOnlyToken) {
  console.error('usage: node mcp-smoke.mjs <mcp-url> <full-scope-token> <read-only-token>');
  process.exit(1);
}

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};

async function connect(bearer) {
  const client = new Client({ name: 'quiver-ci-smoke', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${bearer}` } },
  });
  await client.connect(transport);
  return { client, transport };
}

async function listAll(client) {
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

const summary = { sdk: '@modelcontextprotocol/sdk' };
try {
  const { client, transport } = await connect(token);
  summary.protocolVersion = transport.protocolVersion;
  summary.server = client.getServerVersion();
  check(summary.protocolVersion === '2025-11-25', `negotiated ${summary.protocolVersion}, not 2025-11-25`);
  check(client.getServerCapabilities()?.tools !== undefined, 'no tools capability');

  const tools = await listAll(client);
  summary.tools = tools.length;
  check(tools.some((t) => t.name === 'quiver__org__get'), 'quiver__org__get is not listed');

  const org = await client.callTool({ name: 'quiver__org__get', arguments: {} });
  summary.orgGet = { isError: org.isError, orgId: org.structuredContent?.orgId };
  check(org.isError === false, 'quiver__org__get answered isError');
  check(typeof org.structuredContent?.orgId === 'string', 'quiver__org__get has no structuredContent.orgId');
  check(
    JSON.stringify(JSON.parse(org.content[0].text)) === JSON.stringify(org.structuredContent),
    'the text block is not the structured content',
  );

  const unknown = await client.callTool({ name: 'quiver__org__gett', arguments: {} });
  summary.unknownTool = { isError: unknown.isError };
  check(unknown.isError === true, 'an unknown tool did not answer isError: true in band');
  check(/quiver__org__get/.test(unknown.content[0].text), 'the unknown-tool answer does not suggest the close name');
  await client.close();

  const reader = await connect(readOnlyToken);
  const readable = await listAll(reader.client);
  summary.readOnlyTools = readable.length;
  check(readable.length > 0 && readable.length < tools.length, 'a read-only token does not see fewer tools');
  check(readable.every((t) => t.annotations?.readOnlyHint === true), 'a read-only token sees a non-read tool');
  await reader.client.close();
} catch (error) {
  failures.push(`${error?.name}: ${error?.message}`);
}

summary.ok = failures.length === 0;
summary.failures = failures;
console.log(JSON.stringify(summary));
process.exit(summary.ok ? 0 : 1);
