import { lostSecretPrompt } from './sendableSecrets';

/**
 * The one place a lost secret is asked for (issue 27 item 3): under the field that needs it,
 * saying what happened and what to do. The field is described by it (`id`).
 */
export function LostSecretNote({ id, locked }: { id: string; locked: boolean }) {
  return (
    <p className="field-error lost-secret" id={id} data-lost-secret>
      {lostSecretPrompt(locked)}
    </p>
  );
}
