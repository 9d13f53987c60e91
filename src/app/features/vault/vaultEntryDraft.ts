/**
 * An entry's settings being edited, kept by the entry dialog so that switching between
 * its tabs loses nothing, and so that "Get tokens" on the Token tab can save unsaved edits
 * first (as Postman and Insomnia run with what the form shows), checked as the form checks
 * them. While nothing is unsaved, the draft follows the stored entry.
 */
import { useEffect, useMemo, useState } from 'react';
import { vaultEntryProblems, type CoreError, type VaultEntryConfig, type VaultExtraField } from '../../../core';
import { pageVault } from './vaultInstance';
import type { VaultEntryRecord } from './vaultPayload';

/** The form's own text fields for what the config keeps as lists. */
export interface FormText {
  scope: string;
  audience: string;
  otherFields: string;
  hosts: string;
}

/** Whether the vault runs the entry's grant itself (then its token parameters are a table, not text). */
export const ownGrantOf = (config: VaultEntryConfig) => config.oauth !== undefined && config.oauth.grant !== 'manual';

export function toText(config: VaultEntryConfig): FormText {
  const pick = (name: string) => config.extraFields.find((f) => f.name === name)?.value ?? '';
  return {
    scope: pick('scope'),
    audience: pick('audience'),
    otherFields: config.extraFields
      .filter((f) => f.name !== 'scope' && f.name !== 'audience')
      .map((f) => `${f.name}=${f.value}`)
      .join('\n'),
    hosts: config.allowedHosts.join('\n'),
  };
}

/**
 * The config the form's text spells. An entry whose grant the vault runs edits its token
 * parameters in a table (`extraFields` directly), so only the hosts come from text.
 */
export function fromText(config: VaultEntryConfig, text: FormText): VaultEntryConfig {
  const allowedHosts = text.hosts
    .split(/[\n,]/)
    .map((h) => h.trim())
    .filter(Boolean);
  if (ownGrantOf(config)) return { ...config, allowedHosts };
  const extra: VaultExtraField[] = [];
  if (text.scope.trim()) extra.push({ name: 'scope', value: text.scope.trim() });
  if (text.audience.trim()) extra.push({ name: 'audience', value: text.audience.trim() });
  for (const line of text.otherFields.split('\n')) {
    if (line.trim() === '') continue;
    const eq = line.indexOf('=');
    extra.push(eq < 0 ? { name: line.trim(), value: '' } : { name: line.slice(0, eq).trim(), value: line.slice(eq + 1).trim() });
  }
  return { ...config, extraFields: extra, allowedHosts };
}

/** Problems that stop a grant from running: all but the allowed hosts, which the Token tab offers to fill after. */
export function blockingProblems(problems: readonly CoreError[]): CoreError[] {
  return problems.filter((p) => !p.field?.startsWith('allowedHosts'));
}

export interface VaultEntryDraft {
  config: VaultEntryConfig;
  text: FormText;
  /** What saving would store. */
  merged: VaultEntryConfig;
  problems: CoreError[];
  saved: 'saved' | 'unsaved' | 'pristine';
  edit(patch: Partial<VaultEntryConfig>): void;
  editText(patch: Partial<FormText>): void;
  /** Stores the draft as it is (problems shown beside their fields, as before). */
  save(): void;
}

export function useVaultEntryDraft(record: VaultEntryRecord): VaultEntryDraft {
  const [config, setConfig] = useState<VaultEntryConfig>(() => structuredClone(record.config));
  const [text, setText] = useState<FormText>(() => toText(record.config));
  const [saved, setSaved] = useState<'saved' | 'unsaved' | 'pristine'>('pristine');

  // Nothing unsaved: follow the stored entry (another tab, "Allow host", a grant's discovery).
  useEffect(() => {
    if (saved === 'unsaved') return;
    setConfig(structuredClone(record.config));
    setText(toText(record.config));
    // `saved` is left out on purpose: saving must not re-read what was just stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.config]);

  const merged = useMemo(() => fromText(config, text), [config, text]);
  const problems = useMemo(() => vaultEntryProblems(merged), [merged]);

  return {
    config,
    text,
    merged,
    problems,
    saved,
    edit(patch) {
      setConfig((c) => {
        const next = { ...c, ...patch };
        // Switching between a pasted token and a grant the vault runs: carry the token
        // fields over between the text lines and the table.
        if (ownGrantOf(next) && !ownGrantOf(c)) next.extraFields = fromText(c, text).extraFields;
        if (!ownGrantOf(next) && ownGrantOf(c)) setText((t) => ({ ...toText(next), hosts: t.hosts }));
        return next;
      });
      setSaved('unsaved');
    },
    editText(patch) {
      setText((t) => ({ ...t, ...patch }));
      setSaved('unsaved');
    },
    save() {
      pageVault().updateEntry(merged);
      setSaved('saved');
    },
  };
}
