/** The draft a tab switched to MCP starts from: its settings, and the sandbox's MCP server when the URL is empty. Light: loaded with the first screen. */
import type { RequestDraft } from '../../../core';
import { emptyMcpSettings } from '../../../core/protocols/mcp/settings';

export function initMcpDraft(draft: RequestDraft): RequestDraft {
  const url = /^https?:\/\//i.test(draft.url.trim()) ? draft.url : `${typeof location === 'undefined' ? 'http://127.0.0.1:4780' : location.origin}/sandbox/mcp`;
  return { ...draft, url, mcp: { ...emptyMcpSettings(), ...(draft.mcp ?? {}) } };
}
