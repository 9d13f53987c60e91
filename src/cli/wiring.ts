/**
 * The real collaborators behind `ports.ts`: the relay's engine in this process
 * (`sendInProcess`: no HTTP hop, no second HTTP client) and the QuickJS script engine, with
 * chai's source read from node_modules (the CLI runs under tsx, which has no `?raw` import) and
 * the sandbox's modules built from node_modules.
 * The script engine (WebAssembly) is loaded only when a run has a script.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sendInProcess } from '../relay/inProcess';
import type { RunPorts, RunScript, SendExchange } from './ports';

/** Sends through the relay's engine in this process. */
export const sendThroughEngine: SendExchange = async (meta, body, options) => {
  const result = await sendInProcess(meta, body, options.signal ? { signal: options.signal } : {});
  if (result.error || !result.head || !result.summary) return { ok: false, error: result.error ?? { kind: 'protocol', message: 'the exchange ended without a response' } };
  return { ok: true, value: { head: result.head, hops: result.hops, body: result.body, summary: result.summary } };
};

/**
 * A script runner that loads the engine on first use and keeps it for the run. Every script
 * of the run shares one session (one context, as Postman's one sandbox per collection run):
 * a module is evaluated once per run, and what a script leaves on the global object reaches
 * the later scripts as it does in newman.
 */
export function lazyScriptRunner(): RunScript {
  let session: Promise<{ run: RunScript }> | undefined;
  return (input) => {
    session ??= Promise.all([import('../scripting/engine'), import('../scripting/sandboxLibraries/nodeLibraries')]).then(async ([{ createScriptEngine }, { nodeSandboxLibraries }]) =>
      // The modules scripts require (lodash, moment, …) are built from node_modules on first need and cached (sandboxLibraries/buildLibrary.ts).
      (await createScriptEngine({ chaiSource: () => readFile(fileURLToPath(import.meta.resolve('chai')), 'utf8'), libraries: nodeSandboxLibraries })).openSession(),
    );
    return session.then((s) => s.run(input));
  };
}

/** The ports of a real run. */
export function realPorts(): RunPorts {
  return { send: sendThroughEngine, runScript: lazyScriptRunner() };
}
