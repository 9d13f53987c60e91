/**
 * MCP in `npm run bench:protocols` (issue 30): tools/call round trips on one session
 * through Wirebench's client (`McpSession`, which records every message on the wire and
 * matches ids) against the official SDK's server on loopback, beside the floor: the SDK's
 * own client making the same calls to the same server in the same run. Median of several
 * runs of N calls each.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpSession } from '../../src/relay/mcp/mcpSession';
import { startSdkServer } from '../../src/testing/mcpTestServers';
import { median, printTable } from '../table';

const short = process.env.BENCH_SHORT === '1';
const CALLS = short ? 50 : 300;
const RUNS = short ? 3 : 7;

export async function benchMcpCalls(): Promise<void> {
  const server = await startSdkServer();
  try {
    const ours = new McpSession({ url: server.url, transport: 'streamable-http', headers: [] });
    const hello = await ours.connect();
    if (!hello.ok) throw new Error(hello.failure.message);
    const sdk = new Client({ name: 'bench', version: '1' });
    await sdk.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const oursMs: number[] = [];
    const sdkMs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      let t = performance.now();
      for (let i = 0; i < CALLS; i++) {
        const out = await ours.request('tools/call', { name: 'divide', arguments: { a: i, b: 2 } });
        if (!out.ok) throw new Error(out.failure.message);
      }
      oursMs.push((performance.now() - t) / CALLS);
      t = performance.now();
      for (let i = 0; i < CALLS; i++) await sdk.callTool({ name: 'divide', arguments: { a: i, b: 2 } });
      sdkMs.push((performance.now() - t) / CALLS);
    }
    await sdk.close();
    await ours.close();
    const a = median(oursMs);
    const b = median(sdkMs);
    printTable(`MCP: tools/call round trips on one session against the SDK server on loopback (median of ${RUNS} runs of ${CALLS})`, ['client', 'ms per call', 'floor: SDK client (ms)', '× floor', 'wire entries kept'], [['Wirebench McpSession (every message recorded)', a.toFixed(2), b.toFixed(2), (a / b).toFixed(2), ours.wire.length]]);
  } finally {
    await server.close();
  }
}
