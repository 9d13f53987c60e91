import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface PaneBoundaryProps {
  /** What this part of the page is, for the message: "The request composer", "The response". */
  name: string;
  children: ReactNode;
  /** Called on Try again, before the children render anew (a lazily loaded part starts a fresh load). */
  onRetry?(): void;
}

interface PaneBoundaryState {
  error: Error | null;
}

/**
 * Catches a render failure in one pane or editor so the rest of the workbench keeps
 * working: it says what failed and offers to try again. Nothing in the store is touched,
 * so the person's requests, tabs and history are exactly as they were.
 */
export class PaneBoundary extends Component<PaneBoundaryProps, PaneBoundaryState> {
  override state: PaneBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): PaneBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed to render:`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="pane-failure" role="alert" data-testid="pane-failure">
        <p>
          <strong>{this.props.name} could not be shown.</strong> The rest of the workbench still works, and nothing you typed was lost.
        </p>
        <p className="muted">
          {error.name}: {error.message.slice(0, 300)}
        </p>
        <button type="button" className="small-button" onClick={() => {
            this.props.onRetry?.();
            this.setState({ error: null });
          }}
        >
          Try again
        </button>
      </div>
    );
  }
}
