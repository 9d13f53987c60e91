/**
 * HAR held in a JavaScript module (`module.exports = {…}` or `export default {…}`), as
 * readmeio/har-examples and readmeio/httpsnippet ship their fixtures: the object literal
 * read with the TypeScript parser, never run. Strings, numbers, booleans, null, arrays and
 * objects are taken as written, `JSON.stringify(<literal>)` as its text; any other expression (`new Date().toISOString()`, a
 * variable) is left out, as a property that is not there.
 */
import ts from 'typescript';

const SKIP = Symbol('not a literal');

function valueOf(node: ts.Expression): unknown {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return valueOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  // `JSON.stringify(<literal>)`, as a fixture writes a JSON body.
  if (ts.isCallExpression(node) && node.expression.getText() === 'JSON.stringify' && node.arguments.length === 1) {
    const value = valueOf(node.arguments[0]!);
    return value === SKIP ? SKIP : JSON.stringify(value);
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.map(valueOf).filter((v) => v !== SKIP);
  if (ts.isObjectLiteralExpression(node)) {
    const out: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = property.name;
      const key = ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
      const value = valueOf(property.initializer);
      if (key !== undefined && value !== SKIP) out[key] = value;
    }
    return out;
  }
  return SKIP;
}

/** The value a module exports, read from its literal; throws when it exports none. */
export function scriptObject(text: string): unknown {
  const file = ts.createSourceFile('fixture.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement)) return valueOf(statement.expression);
    if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression) && statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = statement.expression.left.getText(file);
      if (target === 'module.exports' || target === 'exports.default') {
        const value = valueOf(statement.expression.right);
        if (value !== SKIP) return value;
      }
    }
  }
  throw new Error('the module exports no literal value');
}
