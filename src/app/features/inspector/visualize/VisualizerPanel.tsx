/**
 * The Visualize tab (issue 28, pm.visualizer): the template a post-response script set with
 * `pm.visualizer.set(template, data)`, rendered with its data (renderTemplate.ts) in a frame
 * sandboxed without scripts and without the page's origin (`sandbox=""`: no allow-scripts,
 * no allow-same-origin), from `srcdoc`, under a policy that forbids every fetch. The HTML a
 * script wrote never touches the page's own document.
 */
import { useMemo } from 'react';
import './visualize.css';
import type { ScriptVisualizer } from '../../../../scripting/types';
import { renderTemplate, TemplateError, visualizerDocument } from './renderTemplate';

export function VisualizerPanel({ visualizer }: { visualizer: ScriptVisualizer }) {
  const rendered = useMemo(() => {
    try {
      return { html: visualizerDocument(renderTemplate(visualizer.template, visualizer.data)) };
    } catch (error) {
      return { error: error instanceof TemplateError ? error.message : `The template could not be rendered: ${error instanceof Error ? error.message : String(error)}` };
    }
  }, [visualizer]);
  return (
    <div className="visualizer-panel">
      <p className="muted visualizer-note">Set by the post-response script with pm.visualizer.set: its HTML, shown in a sandboxed frame without scripts or network.</p>
      {'error' in rendered ? (
        <p role="alert" className="visualizer-error">
          {rendered.error}
        </p>
      ) : (
        <iframe className="visualizer-frame" title="Visualization from the post-response script" sandbox="" srcDoc={rendered.html} referrerPolicy="no-referrer" />
      )}
    </div>
  );
}
