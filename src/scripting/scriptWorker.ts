/**
 * Web Worker entry: runs scripts for the page. The page talks to it through
 * createScriptRunner(worker) (workerProtocol.ts); pm.sendRequest calls come back to the page
 * as messages, so the worker itself never touches the network. Start it with
 * `new Worker(new URL('../scripting/scriptWorker.ts', import.meta.url), { type: 'module' })`.
 */
import { createScriptEngine } from './engine';
import { serveScriptRuns, type ScriptPort } from './workerProtocol';

serveScriptRuns(self as unknown as ScriptPort, createScriptEngine());
