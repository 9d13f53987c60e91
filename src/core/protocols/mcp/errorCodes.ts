/**
 * JSON-RPC error codes in plain words: the five the JSON-RPC 2.0 specification reserves,
 * its server-error range, and the ones MCP and its SDKs use. A code nobody defined is said
 * to be the server's own.
 */
export interface JsonRpcCodeExplanation {
  code: number;
  name: string;
  /** What it means and what to do, in plain words. */
  meaning: string;
  /** Who defines it. */
  source: 'JSON-RPC 2.0' | 'JSON-RPC 2.0 server range' | 'MCP' | 'MCP SDK' | 'the server';
}

const KNOWN: Readonly<Record<number, Omit<JsonRpcCodeExplanation, 'code'>>> = {
  [-32700]: { name: 'Parse error', source: 'JSON-RPC 2.0', meaning: 'The server could not read the message as JSON. Check the raw arguments for a missing quote, comma or brace.' },
  [-32600]: { name: 'Invalid Request', source: 'JSON-RPC 2.0', meaning: 'The message is JSON but not a valid JSON-RPC request (no "jsonrpc": "2.0", no method, a bad id), or it came before the session was initialized.' },
  [-32601]: { name: 'Method not found', source: 'JSON-RPC 2.0', meaning: 'The server does not offer this method. It may not have the capability (no "prompts" in its capabilities means no prompts/list), or the name is misspelt.' },
  [-32602]: { name: 'Invalid params', source: 'JSON-RPC 2.0', meaning: 'The method exists but the params are wrong: an unknown tool, prompt or resource name, or arguments that do not fit the input schema, or an unsupported protocol version in initialize.' },
  [-32603]: { name: 'Internal error', source: 'JSON-RPC 2.0', meaning: 'The server failed while handling a valid request. The fault is on the server side; its logs say more.' },
  [-32002]: { name: 'Resource not found', source: 'MCP', meaning: 'resources/read named a URI the server does not have.' },
  [-32042]: { name: 'URL elicitation required', source: 'MCP', meaning: 'The server needs the person to open a URL (to sign in or consent elsewhere) before it can answer; the error data carries the URL.' },
  [-32000]: { name: 'Connection closed', source: 'MCP SDK', meaning: 'In the SDKs: the connection closed before the answer came. From a server it is also the generic "server error" (e.g. "Bad Request: no valid session ID").' },
  [-32001]: { name: 'Request timeout', source: 'MCP SDK', meaning: 'In the SDKs: no answer came within the request timeout. Servers also use it for a session that is not found.' },
};

/** The explanation of `code`. */
export function explainJsonRpcCode(code: number): JsonRpcCodeExplanation {
  const known = KNOWN[code];
  if (known) return { code, ...known };
  if (code <= -32000 && code >= -32099) {
    return { code, name: 'Server error', source: 'JSON-RPC 2.0 server range', meaning: 'A code in -32000…-32099, which JSON-RPC 2.0 leaves to implementations for server errors. The message and data say what this server means by it.' };
  }
  if (code <= -32100 && code >= -32768) {
    return { code, name: 'Reserved code', source: 'JSON-RPC 2.0', meaning: 'A code in the range JSON-RPC 2.0 reserves (-32768…-32000) but does not define; the server should not use it.' };
  }
  return { code, name: 'Application error', source: 'the server', meaning: 'A code outside the reserved range: the server defines what it means; read its message and data.' };
}

/** One line: "-32601 Method not found — …". */
export function describeJsonRpcError(error: { code: number; message: string }): string {
  const e = explainJsonRpcCode(error.code);
  return `${error.code} ${e.name} (${e.source}): ${error.message}. ${e.meaning}`;
}
