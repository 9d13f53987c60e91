/**
 * A request draft as stored (the open tabs' snapshot in \`shell/store/composerPersistence.ts\`,
 * saved requests and history in \`features/workspace/workspaceRecords.ts\`): never a secret.
 */
import { authSchemes, keepDraftSecrets, keptSecretReferences, type RequestDraft } from '../../../core';
import { keepSecrets } from './secretKeeper';

/** Auth field names whose values are never stored: every scheme's secret and params fields. */
export const UNSTORED_AUTH_FIELDS: ReadonlySet<string> = new Set(
  authSchemes.flatMap((scheme) => scheme.fields.filter((f) => f.kind === 'secret' || f.kind === 'params').map((f) => f.name)),
);

const keptByDraft = new WeakMap<RequestDraft, { owner: string; kept: ReturnType<typeof keepDraftSecrets> }>();

/**
 * The draft as stored. With an `owner` (the tab or saved request it belongs to), every
 * secret in it — by kind, wherever it was typed: header, query, body, cookie, auth — is
 * replaced by a `{{secret:owner.name}}` reference and its value handed to the secret
 * keeper (sealed in the vault when there is one). Auth values that are not references are
 * blanked as before.
 */
export function storableDraft(draft: RequestDraft, owner?: string): RequestDraft {
  let source = draft;
  if (owner) {
    // The store is persisted on every change; only a draft that changed is searched again.
    const cached = keptByDraft.get(draft);
    const kept = cached?.owner === owner ? cached.kept : keepDraftSecrets(draft, owner);
    if (cached?.owner !== owner) keptByDraft.set(draft, { owner, kept });
    keepSecrets(kept.kept);
    source = kept.draft;
  }
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(source.auth.values)) {
    values[name] = UNSTORED_AUTH_FIELDS.has(name) && !isKeptReference(value) ? '' : value;
  }
  return { ...source, auth: { ...source.auth, values } };
}

function isKeptReference(value: string): boolean {
  return value.trim() !== '' && keptSecretReferences(value).length > 0 && value.replace(/\{\{[^{}]*\}\}/g, '').trim() === '';
}
