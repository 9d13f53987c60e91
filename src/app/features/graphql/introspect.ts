/**
 * Loads an endpoint's schema: the standard introspection query sent through the relay like
 * any send (the tab's URL, headers, auth — the vault's too — variables and network
 * options), or an SDL file; either built in the schema worker. Nothing here is kept in history.
 */
import type { StoreApi } from 'zustand';
import { buildWireRequest, type RequestDraft } from '../../../core';
import { introspectionQuery } from '../../../core/protocols/graphql/schemaModel';
import { pageNetworkOptions } from '../../base/relay/networkOptions';
import { sendThroughRelay } from '../../base/relay/relayClient';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { graphQlTools, schemaKeyOf } from './graphQlStore';
import { loadSchemaInWorker, SCHEMA_TEXT_LIMIT } from './schemaWorkerClient';

async function finish(key: string, source: 'introspection' | 'sdl', text: string | Uint8Array, from?: string): Promise<void> {
  const answer = await loadSchemaInWorker(source, text);
  graphQlTools.getState().setSchema(
    key,
    answer.ok
      ? { status: 'ready', source, ...(from ? { from } : {}), index: answer.index, handle: answer.handle, typeCount: answer.typeCount, ms: answer.ms }
      : { status: 'failed', source, ...(from ? { from } : {}), message: answer.message },
  );
}

/** The tab's request with the introspection query as its GraphQL body (POST). */
export function introspectionDraft(draft: RequestDraft): RequestDraft {
  return { ...draft, method: 'POST', body: { ...draft.body, kind: 'graphql', graphql: { query: introspectionQuery(), variables: '', operationName: 'IntrospectionQuery', method: 'POST' } } };
}

/** Introspects the active tab's endpoint and builds its schema. Never rejects. */
export async function introspectActive(store: StoreApi<WorkbenchState>): Promise<void> {
  const state = store.getState();
  const draft = introspectionDraft(state.draft);
  const key = schemaKeyOf(state.draft.url);
  const failed = (message: string) => graphQlTools.getState().setSchema(key, { status: 'failed', source: 'introspection', message });
  graphQlTools.getState().setSchema(key, { status: 'loading', source: 'introspection' });
  const env = activeEnvironmentValues(state);
  let built = buildWireRequest(draft, env);
  if (!built.ok) return failed(built.error.message);
  if (built.value.vaultPending) {
    const { resolveVaultAuth } = await import('../vault/vaultAccess');
    const credential = await resolveVaultAuth(draft.auth.vaultEntryId ?? '', built.value.wire.url);
    if (!credential.ok) return failed(`No token from the vault: ${credential.error.message}`);
    built = buildWireRequest(draft, env, { vaultCredential: credential.value });
    if (!built.ok) return failed(built.error.message);
  }
  const wire = built.value.wire;
  const network = await pageNetworkOptions(wire.url);
  if (!network.ok) return failed(network.message);
  let status = 0;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const controller = new AbortController();
  const outcome = await sendThroughRelay(wire, { signal: controller.signal, ...network.value, ...(built.value.digest ? { digest: built.value.digest } : {}) }, {
    onHead: (head) => (status = head.status),
    onBody: (chunk) => {
      size += chunk.length;
      if (size > SCHEMA_TEXT_LIMIT) controller.abort();
      else chunks.push(chunk);
    },
  });
  if (size > SCHEMA_TEXT_LIMIT) return failed(`The introspection answer passed ${SCHEMA_TEXT_LIMIT / 1048576} MB and was stopped.`);
  if (!outcome.ok) return failed(`Introspection failed: ${outcome.error.message}`);
  // One buffer, handed to the worker as bytes (transferred): the page neither decodes nor copies a large answer as text.
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  const first = bytes.find((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09 && b !== 0xef && b !== 0xbb && b !== 0xbf);
  if (status >= 400 && first !== 0x7b) return failed(`Introspection was answered with ${status}, not a GraphQL response.`);
  await finish(key, 'introspection', bytes);
}

/** Builds the active tab's schema from an SDL file's text. */
export async function loadSdl(url: string, fileName: string, text: string): Promise<void> {
  const key = schemaKeyOf(url);
  graphQlTools.getState().setSchema(key, { status: 'loading', source: 'sdl', from: fileName });
  await finish(key, 'sdl', text, fileName);
}
