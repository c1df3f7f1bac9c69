// A real TypeScript SDK client against Quiver, for the end-to-end tests (NodeClients):
// connects, lists every page, searches, executes, then waits for
// notifications/tools/list_changed and lists again. One JSON line per step on stdout.
//
// usage: node list-changed-client.mjs v1|v2 legacy|auto|pin URL TOKEN QUERY TOOL ARGS_JSON
// QUIVER_CLIENTS names the folder where the SDKs are installed (outside the repository).
const [sdk, mode, url, token, query, tool, args] = process.argv.slice(2);
const base = process.env.QUIVER_CLIENTS;
const say = (event) => console.log(JSON.stringify(event));
const fail = (error) => {
  say({ event: 'error', message: String(error?.message ?? error) });
  process.exit(1);
};
setTimeout(() => fail('no tools/list_changed within 120 s'), 120_000).unref();

let Client, StreamableHTTPClientTransport, ListChangedSchema;
if (sdk === 'v1') {
  ({ Client } = await import(`${base}/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js`));
  ({ StreamableHTTPClientTransport } = await import(
    `${base}/node_modules/@modelcontextprotocol/sdk/dist/esm/client/streamableHttp.js`));
  ({ ToolListChangedNotificationSchema: ListChangedSchema } = await import(
    `${base}/node_modules/@modelcontextprotocol/sdk/dist/esm/types.js`));
} else {
  ({ Client, StreamableHTTPClientTransport } = await import(
    `${base}/node_modules/@modelcontextprotocol/client/dist/index.mjs`));
}

let changed;
const changedOnce = new Promise((resolve) => { changed = resolve; });
const options = {};
if (sdk === 'v2') {
  options.versionNegotiation = { mode: mode === 'pin' ? { pin: '2026-07-28' } : mode };
  options.listChanged = { tools: { onChanged: (error, tools) => changed({ error, tools }) } };
}
const client = new Client({ name: `quiver-test-${sdk}-${mode}`, version: '1.0.0' }, options);
if (sdk === 'v1') {
  client.setNotificationHandler(ListChangedSchema, () => changed({}));
}
const transport = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${token}` } },
});

async function names() {
  const all = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    all.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

try {
  await client.connect(transport);
  const version = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion ?? null;
  const tools = await names();
  const found = await client.callTool({ name: 'search_tools', arguments: { query } });
  const executed = await client.callTool({
    name: 'execute_tool', arguments: { name: tool, arguments: JSON.parse(args) } });
  say({
    event: 'ready', protocolVersion: version, tools,
    searched: found.structuredContent?.results?.map((r) => r.name) ?? [], searchError: !!found.isError,
    executeError: !!executed.isError,
  });
  const notice = await changedOnce;
  if (notice.error) {
    fail(notice.error);
  }
  say({ event: 'list_changed', tools: notice.tools ? notice.tools.map((t) => t.name) : await names() });
  await client.close();
  process.exit(0);
} catch (error) {
  fail(error);
}
