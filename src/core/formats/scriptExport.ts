/**
 * Secrets in exported scripts: a redacted export replaces a credential a script holds
 * (`secretValueKind`: a JWT, a GitHub or Slack token, an AWS key…, or a value the session
 * knows is secret) by a `{{variable}}` inside its string, as it does for headers and
 * bodies — Postman resolves such a reference where the value is used; an export with
 * secrets included writes the script as it is. Either way each such script is named in
 * the export's warnings, so the person knows what changed or what the file holds.
 */
import { collectionRequests, secretValueKind, type Collection, type RequestScript } from '../workspace';

/** The exports that carry scripts. */
export type ScriptExportFormat = 'postman' | 'http' | 'insomnia';

/** The dialect each export writes: Postman runs `pm.*` scripts, `.http` clients JetBrains handlers, Insomnia `insomnia.*` scripts (Postman's too, rewritten to `insomnia.`). */
export const EXPORTED_SCRIPT_DIALECT: Readonly<Record<ScriptExportFormat, RequestScript['dialect']>> = { postman: 'postman', http: 'jetbrains', insomnia: 'insomnia' };

/** Whether the export in `format` writes a script of `dialect`. */
export function exportWritesDialect(format: ScriptExportFormat, dialect: string): boolean {
  return dialect === EXPORTED_SCRIPT_DIALECT[format] || (format === 'insomnia' && dialect === 'postman');
}

/** The texts a credential can stand in within code: string literals, and long unbroken runs of token characters. */
function credentialCandidates(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g)) found.push(match[1] ?? match[2] ?? match[3] ?? '');
  for (const match of code.matchAll(/[A-Za-z0-9_\-.+/=]{16,}/g)) found.push(match[0]);
  return found;
}

/** The credential kinds a script's text holds, each once, in order of appearance. */
export function scriptSecretKinds(code: string): string[] {
  const kinds: string[] = [];
  for (const candidate of credentialCandidates(code)) {
    const kind = secretValueKind(candidate);
    if (kind && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

/**
 * One warning per script the export writes (`format`'s dialect, inline text) that holds a
 * recognised credential: the request by its folder path, the script's phase and the kinds.
 * The script itself is exported unchanged; the warning asks for a variable instead.
 */
export function scriptSecretWarnings(collection: Collection, format: ScriptExportFormat, includeSecrets = false): string[] {
  const warnings: string[] = [];
  for (const { request, folderPath } of collectionRequests(collection.items)) {
    for (const script of request.scripts ?? []) {
      if (!exportWritesDialect(format, script.dialect) || script.text === undefined) continue;
      const kinds = scriptSecretKinds(script.text);
      if (kinds.length === 0) continue;
      const phase = script.phase === 'pre-request' ? 'pre-request script' : format === 'postman' ? 'test script' : format === 'insomnia' ? 'after-response script' : 'response handler';
      const where = `"${[...folderPath, request.name].join(' / ')}": its ${phase} holds what looks like ${kinds.join(' and ')}.`;
      warnings.push(
        includeSecrets
          ? `${where} Secrets are included, so it is in the file as written: read it from a variable instead before sharing.`
          : `${where} It is written as a {{variable}} in the file: set that variable where the collection runs.`,
      );
    }
  }
  return warnings;
}
