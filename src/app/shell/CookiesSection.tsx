import { useComposerView } from '../features/composer/useComposerView';
import { CookiesPanel } from './lazyParts';

/** The sidebar's Cookies panel, handed the active request as the composer builds it (for What will be sent). */
export function CookiesSection() {
  const view = useComposerView();
  return <CookiesPanel wire={view.build.ok ? view.build.value.wire : undefined} />;
}
