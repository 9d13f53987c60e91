/** One type in the explorer: its description, fields (type, arguments, descriptions, deprecation) or members; a field's name inserts it into the query, a type name opens that type. */
import type { ExplorerField, ExplorerType } from '../../../core/protocols/graphql/schemaModel';

export interface ExplorerTypeDetailProps {
  type: ExplorerType;
  onOpenType(name: string): void;
  onInsert(text: string): void;
}

/** What a click on a field inserts: its name, with its required arguments to fill in. */
function insertionOf(field: ExplorerField): string {
  const required = field.args.filter((a) => a.type.endsWith('!') && a.defaultValue === undefined);
  return required.length === 0 ? field.name : `${field.name}(${required.map((a) => `${a.name}: `).join(', ')})`;
}

export function ExplorerTypeDetail({ type, onOpenType, onInsert }: ExplorerTypeDetailProps) {
  return (
    <div className="graphql-type" data-testid="graphql-type-detail">
      <h4>
        {type.name} <span className="muted small">{type.kind}</span>
      </h4>
      {type.description ? <p className="small">{type.description}</p> : null}
      {type.fields.length > 0 ? (
        <ul className="graphql-fields" aria-label={`Fields of ${type.name}`}>
          {type.fields.map((field) => (
            <li key={field.name}>
              <button type="button" className="link-button" title={`Insert ${field.name} at the cursor`} onClick={() => onInsert(insertionOf(field))}>
                {field.name}
              </button>
              {field.args.length > 0 ? (
                <span className="muted">
                  (
                  {field.args.map((a, i) => (
                    <span key={a.name}>
                      {i > 0 ? ', ' : ''}
                      {a.name}: {a.type}
                      {a.defaultValue !== undefined ? ` = ${a.defaultValue}` : ''}
                    </span>
                  ))}
                  )
                </span>
              ) : null}
              {': '}
              <button type="button" className="link-button graphql-type-link" onClick={() => onOpenType(field.typeName)}>
                {field.type}
              </button>
              {field.deprecated ? <span className="field-note"> deprecated: {field.deprecated}</span> : null}
              {field.description ? <div className="muted small">{field.description}</div> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {type.members.length > 0 ? (
        <p className="small">
          {type.kind === 'enum' ? 'Values: ' : type.kind === 'object' ? 'Implements: ' : 'Possible types: '}
          {type.members.map((m, i) => (
            <span key={m}>
              {i > 0 ? ', ' : ''}
              {type.kind === 'enum' ? (
                <button type="button" className="link-button" onClick={() => onInsert(m)}>
                  {m}
                </button>
              ) : (
                <button type="button" className="link-button" onClick={() => onOpenType(m)}>
                  {m}
                </button>
              )}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
