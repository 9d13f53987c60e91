import { Composer } from '../composer/Composer';

export interface RequestPaneProps {
  onSend(): void;
  onCancel(): void;
  sending: boolean;
}

/** The request side of the workbench: the composer (see `src/app/composer`). */
export function RequestPane(props: RequestPaneProps) {
  return <Composer {...props} />;
}
