import { describe, expect, it } from 'vitest';
import { renderTemplate, TemplateError, visualizerDocument } from './renderTemplate';

describe('visualizer templates (the Handlebars syntax Postman visualizers use)', () => {
  it('renders paths escaped or raw, each over arrays and objects with @index/@key/@first/@last and ../, if/unless/else and with', () => {
    const data = { title: '<b>R&D</b>', rows: [{ name: 'Ada', tags: ['x'] }, { name: 'Grace', tags: [] }], map: { a: 1, b: 2 }, owner: { name: 'Lin' } };
    expect(renderTemplate('{{title}}|{{{title}}}|{{&title}}', data)).toBe('&lt;b&gt;R&amp;D&lt;/b&gt;|<b>R&D</b>|<b>R&D</b>');
    expect(renderTemplate('{{#each rows}}{{@index}}{{#if @first}}^{{/if}}{{name}}/{{../owner.name}}{{#if tags}}+{{else}}-{{/if}}{{#unless @last}},{{/unless}}{{/each}}', data)).toBe('0^Ada/Lin+,1Grace/Lin-');
    expect(renderTemplate('{{#each map}}{{@key}}={{this}};{{/each}}{{#each missing}}x{{else}}none{{/each}}', data)).toBe('a=1;b=2;none');
    expect(renderTemplate('{{#with owner}}{{name}}{{/with}}{{!-- a comment with }} --}}{{! short }}', data)).toBe('Lin');
  });

  it('says what it cannot render and where', () => {
    expect(() => renderTemplate('<p>\n{{#each rows}}', {})).toThrow(new TemplateError('{{#each} (line 2) is never closed'.replace('{{#each}', '{{#each}}')));
    expect(() => renderTemplate('{{formatDate when}}', {})).toThrow(/helpers are not rendered here/);
    expect(() => renderTemplate('{{#if a}}{{/each}}', {})).toThrow(/closes \{\{#if\}\} from line 1/);
  });

  it('wraps the HTML in a document whose policy forbids every fetch', () => {
    const doc = visualizerDocument('<p>x</p>');
    expect(doc).toContain("default-src 'none'");
    expect(doc).toContain('<body><p>x</p></body>');
  });
});
