/**
 * The sandbox MCP server's contents, built on the official SDK (`McpServer`): tools (a slow
 * one that reports progress and stops when cancelled, one that fails with `isError`, one
 * with structured output and an output schema, one with an image and a resource link),
 * resources with a template and completion, and a prompt with arguments. Tests start the
 * same server on their own loopback port.
 */
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';

const ORDERS: Record<string, { item: string; quantity: number; status: string }> = {
  '1001': { item: 'Blue mug', quantity: 2, status: 'shipped' },
  '1002': { item: 'Notebook', quantity: 5, status: 'packing' },
  '1003': { item: 'Desk lamp', quantity: 1, status: 'delivered' },
};

/** A 1×1 blue PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

/** A fresh server (one per session: the SDK binds a server to one transport). */
export function createSandboxMcpServer(options: { stepMs?: number } = {}): McpServer {
  const stepMs = options.stepMs ?? 400;
  const server = new McpServer(
    { name: 'wirebench-sandbox', version: '1.0.0', title: 'Wirebench sandbox MCP server' },
    { capabilities: { logging: {} }, instructions: 'A demo server: try slow_count for progress, divide by 0 for a tool error, weather for structured output.' },
  );

  server.registerTool('weather', {
    title: 'Weather',
    description: 'The (made-up) weather in a city, as text and as structured content checked against the output schema.',
    inputSchema: { city: z.string().describe('City name'), units: z.enum(['celsius', 'fahrenheit']).default('celsius').describe('Temperature units') },
    outputSchema: { city: z.string(), temperature: z.number(), units: z.enum(['celsius', 'fahrenheit']), conditions: z.enum(['sunny', 'cloudy', 'rainy']) },
  }, async ({ city, units }) => {
    const celsius = 10 + (city.length % 15);
    const structured = { city, temperature: units === 'fahrenheit' ? Math.round(celsius * 1.8 + 32) : celsius, units, conditions: (['sunny', 'cloudy', 'rainy'] as const)[city.length % 3]! };
    return { content: [{ type: 'text', text: `${city}: ${structured.temperature}° ${units}, ${structured.conditions}` }], structuredContent: structured };
  });

  server.registerTool('divide', {
    title: 'Divide',
    description: 'Divides a by b. Dividing by zero is a tool error (isError: true), not a protocol error.',
    inputSchema: { a: z.number(), b: z.number() },
  }, async ({ a, b }) => {
    if (b === 0) return { isError: true, content: [{ type: 'text', text: 'Cannot divide by zero: b must not be 0.' }] };
    return { content: [{ type: 'text', text: String(a / b) }] };
  });

  server.registerTool('slow_count', {
    title: 'Slow count',
    description: 'Counts to `to`, one step at a time, sending a progress notification at each step; Cancel stops it.',
    inputSchema: { to: z.number().int().min(1).max(50).default(5) },
  }, async ({ to }, extra) => {
    for (let i = 1; i <= to; i++) {
      await sleep(stepMs, extra.signal);
      if (extra.signal.aborted) return { content: [{ type: 'text', text: `Stopped at ${i - 1}.` }] };
      const token = extra._meta?.progressToken;
      if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: to, message: `Counted ${i} of ${to}` } });
    }
    return { content: [{ type: 'text', text: `Counted to ${to}.` }] };
  });

  server.registerTool('order_card', {
    title: 'Order card',
    description: 'An order as an image, text and a resource link to read it.',
    inputSchema: { id: z.string().describe('Order id, e.g. 1001') },
  }, async ({ id }) => {
    const order = ORDERS[id];
    if (!order) return { isError: true, content: [{ type: 'text', text: `There is no order ${id}; try 1001, 1002 or 1003.` }] };
    return {
      content: [
        { type: 'text', text: `Order ${id}: ${order.quantity} × ${order.item}, ${order.status}.` },
        { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
        { type: 'resource_link', uri: `sandbox://orders/${id}`, name: `order-${id}`, mimeType: 'application/json', description: 'The order as JSON' },
      ],
    };
  });

  server.registerResource('readme', 'sandbox://readme', { title: 'Read me', description: 'What this server offers', mimeType: 'text/markdown' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Wirebench sandbox MCP server\n\nTools: weather, divide, slow_count, order_card. Resources: this file and orders by id. Prompt: review_order.' }],
  }));

  server.registerResource('order', new ResourceTemplate('sandbox://orders/{id}', {
    list: async () => ({ resources: Object.keys(ORDERS).map((id) => ({ uri: `sandbox://orders/${id}`, name: `order-${id}`, mimeType: 'application/json' })) }),
    complete: { id: (value) => Object.keys(ORDERS).filter((id) => id.startsWith(value)) },
  }), { title: 'Order', description: 'One order by id', mimeType: 'application/json' }, async (uri, { id }) => {
    const order = ORDERS[String(id)];
    if (!order) throw new Error(`There is no order ${String(id)}`);
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ id, ...order }) }] };
  });

  server.registerPrompt('review_order', {
    title: 'Review an order',
    description: 'A prompt asking to review an order, in a tone of your choice.',
    argsSchema: {
      orderId: completable(z.string().describe('Order id'), (value) => Object.keys(ORDERS).filter((id) => id.startsWith(value))),
      tone: z.string().optional().describe('friendly, formal…'),
    },
  }, async ({ orderId, tone }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Review order ${orderId} (${JSON.stringify(ORDERS[orderId] ?? 'unknown')}) in a ${tone ?? 'friendly'} tone.` } }],
  }));

  return server;
}
