import { Composer } from '../features/composer/Composer';

export interface RequestPaneProps {
  onSend(): void;
  onCancel(): void;
  sending: boolean;
}

/** The request side of the workbench: the composer (see `src/app/features/composer`). */
export function RequestPane(props: RequestPaneProps) {
  return <Composer {...props} />;
}
