/** The isolated script engine and its pm-compatible API (issue 18): the page's worker and the CLI use this. */
export * from './types';
export { createScriptEngine, type ScriptEngine, type ScriptEngineOptions, type ScriptSession } from './engine';
export { runScript, configureScriptEngine } from './runScript';
export { chaiAsScript } from './chaiScript';
export {
  serveScriptRuns,
  createScriptRunner,
  type ScriptPort,
  type ScriptRunnerOptions,
  type ScriptRunner,
  type ScriptRunMessageInput,
  type ToScriptHost,
  type FromScriptHost,
} from './workerProtocol';
