import { useWorkbench } from '../../base/state/StoreProvider';
import { SendGateDialog } from './SendGateDialog';
import { ComposerSections } from './ComposerSections';
import { ConventionsPanel } from './ConventionsPanel';
import { UrlEditor } from '../../base/editors/UrlEditor';
import { EnvironmentPicker } from './EnvironmentPicker';
import { IdempotencyCheck } from './idempotency/IdempotencyCheck';
import { MethodInput, MethodNote } from './MethodPicker';
import { RequestTabs } from './RequestTabs';
import { StripNote } from './StripNote';
import { UploadProgressBar } from './UploadProgressBar';
import { useKnownVariables } from './useComposerView';
import { WirePreviewPanel } from './WirePreviewPanel';
import { RequestActions } from '../workspace/RequestActions';
import { RequestTypeToggle } from './RequestTypeToggle';
import { protocolPart } from '../../base/protocols/protocolParts';
import { useCurlPaste } from '../workspace/useCurlPaste';
import { draftWithUrl } from '../../../core';
import { SecretsNotice } from './SecretsNotice';
import { PaneBoundary } from '../../base/components/PaneBoundary';

export interface ComposerProps {
  onSend(): void;
  onCancel(): void;
  sending: boolean;
}

function RequestLine({ onSend, onCancel, sending }: ComposerProps) {
  const url = useWorkbench((s) => s.draft.url);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const sendProblem = useWorkbench((s) => s.sendProblem);
  // Known: the environment's, the collection's, the run's (captured, script-set) and names this request's scripts set.
  const defined = useKnownVariables();
  const onPaste = useCurlPaste();
  return (
    <>
      <div className="request-line">
        <MethodInput />
        <UrlEditor value={url} defined={defined} onChange={(next) => updateDraft((d) => draftWithUrl(d, next))} onSubmit={onSend} onPaste={onPaste} describedBy="send-problem" invalid={sendProblem?.field === 'url'} />
        {sending ? (
          <button type="button" className="danger" onClick={onCancel} aria-keyshortcuts="Escape">
            Cancel
          </button>
        ) : (
          <button type="button" className="primary" onClick={onSend} aria-keyshortcuts="Control+Enter Meta+Enter">
            Send
          </button>
        )}
      </div>
      <p id="send-problem" className={sendProblem ? 'field-error send-problem' : 'visually-hidden'} role={sendProblem ? 'alert' : undefined}>
        {sendProblem ? `Not sent: ${sendProblem.message}` : ''}
      </p>
    </>
  );
}

/**
 * The composer: open requests as tabs; method, URL and Send; the request's parts; what
 * will be sent; the conventions it follows or breaks; an idempotency check. Every rule is
 * core's; this pane lays them out and routes edits to the store.
 */
export function Composer(props: ComposerProps) {
  const live = protocolPart(useWorkbench((s) => s.draft.protocol));
  if (live) return <LiveComposer part={live} />;
  return (
    <section className="pane composer" aria-label="Request">
      <RequestTabs />
      <div id="composer-panel" role="tabpanel" aria-label="Request being composed" className="composer-body">
        <RequestLine {...props} />
        {/* One compact row (wrapping only when narrow): the notices fold to a line each, so the request's parts get the room. */}
        <div className="composer-toolbar composer-strip">
          <StripNote>
            <SecretsNotice />
          </StripNote>
          <StripNote>
            <MethodNote />
          </StripNote>
          <UploadProgressBar />
          <RequestTypeToggle />
          <EnvironmentPicker />
          <IdempotencyCheck />
          <RequestActions />
        </div>
        <PaneBoundary name="This part of the request">
          <ComposerSections />
        </PaneBoundary>
        <PaneBoundary name="The convention checks">
          <ConventionsPanel />
        </PaneBoundary>
        <PaneBoundary name="What will be sent">
          <WirePreviewPanel />
        </PaneBoundary>
      </div>
      <SendGateDialog />
    </section>
  );
}

/** A live protocol's tab (WebSocket, gRPC, MCP): the same tabs and type row, then the protocol's own composer. */
function LiveComposer({ part }: { part: NonNullable<ReturnType<typeof protocolPart>> }) {
  const Part = part.Composer;
  return (
    <section className="pane composer" aria-label="Request">
      <RequestTabs />
      <div id="composer-panel" role="tabpanel" aria-label="Request being composed" className="composer-body">
        <SecretsNotice />
        <div className="composer-toolbar">
          <RequestTypeToggle />
          <EnvironmentPicker />
          <RequestActions />
        </div>
        <PaneBoundary name={`The ${part.label} request`}>
          <Part />
        </PaneBoundary>
      </div>
    </section>
  );
}
