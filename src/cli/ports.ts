/**
 * What the CLI calls out to with I/O of its own — the relay's request engine and the script
 * engine — as two function types. `runner.ts` and `step.ts` are written against these;
 * `wiring.ts` fills them with `sendInProcess` (src/relay/inProcess.ts) and the QuickJS
 * engine (src/scripting). The pure rules (captures, assertions, variables, the run plan,
 * data files) are called from `core/run` directly.
 */
import type { RelayError, RelayHead, RelayHop, RelayRequestMeta, RelaySummary } from '../core';
import type { ScriptRunInput, ScriptRunResult } from '../scripting/types';

/** A whole exchange, received: the final head, the hops before it, the decoded body and the summary. */
export interface ReceivedExchange {
  head: RelayHead;
  hops: RelayHop[];
  body: Uint8Array;
  summary: RelaySummary;
}

/** The relay's request engine, called in-process: the same hops, TLS, cookies and Digest as `/api/relay`. */
export type SendExchange = (meta: RelayRequestMeta, body: Uint8Array | null, options: { signal?: AbortSignal }) => Promise<{ ok: true; value: ReceivedExchange } | { ok: false; error: RelayError }>;

/** Runs a pm-compatible script in isolation. */
export type RunScript = (input: ScriptRunInput) => Promise<ScriptRunResult>;

/** Everything the runner calls out to. */
export interface RunPorts {
  send: SendExchange;
  /** Absent: scripts are reported as not run (a script error), never skipped silently. */
  runScript?: RunScript;
}
