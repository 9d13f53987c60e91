/**
 * The parts of the workbench whose code loads on first use, each its own chunk, so the
 * first screen carries only the request line, the tabs and the empty response pane. Each
 * is a `lazyPart`: a fallback sized like the part, and a PaneBoundary that says when its
 * code could not be loaded and offers Try again.
 */
import { lazyPart } from './lazyPart';
import { PartLoading } from './PartLoading';
import type { ShellActions } from '../../shell/paletteCommands';

/** Sidebar: the lessons list and the lessons' content. */
export const LessonsPanel = lazyPart({
  name: 'The Lessons panel',
  load: () => import('../../features/lessons/LessonsPanel'),
  pick: (m) => m.LessonsPanel,
  fallback: () => <PartLoading what="the lessons" minHeight="12rem" />,
});

/** Sidebar: collections, history, and the import, export and environment dialogs. */
export const WorkspacePanel = lazyPart({
  name: 'The Workspace panel',
  load: () => import('../../features/workspace/WorkspacePanel'),
  pick: (m) => m.WorkspacePanel,
  fallback: () => <PartLoading what="the workspace" minHeight="12rem" />,
});

/** Sidebar: the token vault, its dialogs and flows. */
export const VaultPanel = lazyPart({
  name: 'The Vault panel',
  load: () => import('../../features/vault/VaultPanel'),
  pick: (m) => m.VaultPanel,
  fallback: () => <PartLoading what="the vault" minHeight="12rem" />,
});

/** Sidebar: the workspace cookie jar and What will be sent (tough-cookie comes with it). */
export const CookiesPanel = lazyPart({
  name: 'The Cookies panel',
  load: () => import('../../features/cookies/CookiesPanel'),
  pick: (m) => m.CookiesPanel,
  fallback: () => <PartLoading what="the cookies" minHeight="12rem" />,
});

/** Composer: the SOAP section (WSDL, operations, envelope, WS-Security). */
export const SoapPanel = lazyPart({
  name: 'The SOAP panel',
  load: () => import('../../features/soap/SoapPanel'),
  pick: (m) => m.SoapPanel,
  fallback: () => <PartLoading what="the SOAP panel" minHeight="10rem" />,
});

/** Workspace: import from cURL, HAR, Postman, OpenAPI, WSDL (with the importers). */
export const ImportDialog = lazyPart({
  name: 'The import dialog',
  load: () => import('../../features/workspace/ImportDialog'),
  pick: (m) => m.ImportDialog,
  loadWhen: (props) => props.open,
});

/** Workspace: export a collection as Postman or .http. */
export const ExportDialog = lazyPart({
  name: 'The export dialog',
  load: () => import('../../features/workspace/ExportDialog'),
  pick: (m) => m.ExportDialog,
  loadWhen: (props) => props.collectionId !== null,
});

/** Composer: code for the request in other languages (httpsnippet-lite). */
export const SnippetDialog = lazyPart({
  name: 'The code snippet dialog',
  load: () => import('../../features/workspace/SnippetDialog'),
  pick: (m) => m.SnippetDialog,
  loadWhen: (props) => props.wire !== null || props.problem !== undefined,
});

/**
 * Request bodies and the SOAP envelope: CodeMirror with its full setup (gutters, folding,
 * search, autocompletion). The box keeps the editor's height while it loads.
 */
export const CodeField = lazyPart({
  name: 'The body editor',
  load: () => import('../editors/CodeField'),
  pick: (m) => m.CodeField,
  // No label on the stand-in: the editor's label belongs to the editor alone.
  fallback: (props) => <div className="code-editor" aria-busy="true" style={{ minHeight: `calc(${props.minHeight ?? '8rem'} + 2px)` }} />,
});

/** The response body in an editor (bodies small enough for one), filling the body pane. */
export const ReadOnlyCode = lazyPart({
  name: 'The body view',
  load: () => import('../../features/inspector/body/ReadOnlyCode'),
  pick: (m) => m.ReadOnlyCode,
  fallback: () => <div className="code-viewer" aria-busy="true" />,
});

/** The response of the active tab: status, body views, headers, timing, compare (loaded with the first response, or when idle). */
export const InspectorResponse = lazyPart({
  name: 'The response view',
  load: () => import('../../features/inspector/InspectorResponse'),
  pick: (m) => m.InspectorResponse,
  fallback: () => (
    <section className="pane inspector" aria-label="Response" aria-busy="true">
      <p className="status muted">Loading the response view…</p>
    </section>
  ),
});

/** Ctrl/Cmd+K: the command palette, with every action, saved request and lesson (loaded when first opened). */
export const CommandPalette = lazyPart({
  name: 'The command palette',
  load: () => import('../../shell/CommandPalette'),
  pick: (m) => m.CommandPalette,
  loadWhen: (props: { open: boolean; shell: ShellActions }) => props.open,
});

/** Composer: the Auth section (schemes, the vault's entries). */
export const AuthPanel = lazyPart({
  name: 'The Auth section',
  load: () => import('../../features/composer/AuthPanel'),
  pick: (m) => m.AuthPanel,
  fallback: () => <PartLoading what="the auth section" minHeight="8rem" />,
});

/** Composer: the Body section (JSON, XML, text, form, multipart, file). */
export const BodyPanel = lazyPart({
  name: 'The Body section',
  load: () => import('../../features/composer/body/BodyPanel'),
  pick: (m) => m.BodyPanel,
  fallback: () => <PartLoading what="the body section" minHeight="8rem" />,
});

/** Header: the Proxy dialog (loaded when first opened). */
export const ProxySettingsDialog = lazyPart({
  name: 'The proxy settings',
  load: () => import('../../shell/ProxySettingsDialog'),
  pick: (m) => m.ProxySettingsDialog,
  loadWhen: (props) => props.open,
});

/** Header: the Certificates dialog with its forms and tls.css (loaded when first opened). */
export const CertificatesDialog = lazyPart({
  name: 'The certificates settings',
  load: () => import('../../features/tls/CertificatesDialog'),
  pick: (m) => m.CertificatesDialog,
  loadWhen: (props) => props.open,
});
