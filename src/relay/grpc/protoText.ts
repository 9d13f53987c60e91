/**
 * `.proto` files from the text the person gave (uploaded or pasted), compiled with
 * protobufjs — the parser `@grpc/proto-loader` is built on — into one Root. Imports resolve
 * among the given files, then to the well-known types (`google/protobuf/*.proto`). A file
 * that does not compile is a `proto` failure naming the file, line and column; nothing is
 * written to disk.
 */
import protobuf from 'protobufjs';
import type { GrpcFailure } from '../../core/protocols/grpc/callModel';

export type ProtoLoad = { ok: true; root: protobuf.Root } | { ok: false; error: GrpcFailure };

const PARSE_OPTIONS = { keepCase: true, alternateCommentMode: true } as const;

/** protobufjs names the file in its errors from this static (not in its typings). */
const parseState = protobuf.parse as unknown as { filename: string | null };

/** The column of `token` on 1-based `line` of `text` (1 when it cannot be found). */
function columnOf(text: string, line: number, token: string | undefined): number {
  const row = text.split('\n')[line - 1] ?? '';
  if (token) {
    const i = row.indexOf(token);
    if (i >= 0) return i + 1;
  }
  return Math.max(1, row.length - row.trimStart().length + 1);
}

function failure(file: string, text: string, message: string): GrpcFailure {
  const line = /line (\d+)/.exec(message);
  const token = /'([^']*)'/.exec(message)?.[1];
  const bare = message.replace(/\s*\((?:[^()]*, )?line \d+\)\s*$/, '');
  if (line) {
    const ln = Number(line[1]);
    const column = columnOf(text, ln, token);
    return { kind: 'proto', file, line: ln, column, message: `${file}, line ${ln}, column ${column}: ${bare}. The .proto does not compile, so no services were loaded from it.` };
  }
  return { kind: 'proto', file, message: `${file}: ${bare}. The .proto does not compile, so no services were loaded from it.` };
}

/** Where a type name that cannot be resolved is written, for a "no such type" error. */
function locateName(files: Record<string, string>, name: string): { file: string; line: number; column: number } | undefined {
  const short = name.split('.').pop() ?? name;
  for (const [file, text] of Object.entries(files)) {
    const rows = text.split('\n');
    for (let i = 0; i < rows.length; i++) {
      const at = rows[i]!.search(new RegExp(`(^|[\\s(<,])\\.?[\\w.]*\\b${short.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b\\s+\\w+\\s*=`));
      const rpc = at < 0 ? rows[i]!.search(new RegExp(`\\(\\s*(stream\\s+)?\\.?[\\w.]*\\b${short}\\s*\\)`)) : at;
      if (rpc >= 0) return { file, line: i + 1, column: rows[i]!.indexOf(short, rpc) + 1 };
    }
  }
  return undefined;
}

/** Compiles `files` (name → text). */
export function loadProtoFiles(files: Record<string, string>): ProtoLoad {
  const names = Object.keys(files);
  if (!names.length) return { ok: false, error: { kind: 'proto', message: 'No .proto file was given; upload or paste one, or load the services by server reflection.' } };
  const root = new protobuf.Root();
  const done = new Set<string>();
  const visit = (name: string, from?: string): GrpcFailure | undefined => {
    if (done.has(name)) return undefined;
    done.add(name);
    const text = files[name] ?? files[name.split('/').pop() ?? name];
    if (text === undefined) {
      const common = protobuf.common.get(name);
      if (common) {
        root.addJSON(common.nested ?? {});
        return undefined;
      }
      return { kind: 'proto', file: from, message: `${from ?? 'A file'} imports "${name}", which was not given. Add that file too (its name as the import writes it).` };
    }
    let parsed: protobuf.IParserResult;
    try {
      parseState.filename = name;
      parsed = protobuf.parse(text, root, PARSE_OPTIONS);
    } catch (err) {
      return failure(name, text, (err as Error).message);
    } finally {
      parseState.filename = null;
    }
    for (const dep of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) {
      const problem = visit(dep, name);
      if (problem) return problem;
    }
    return undefined;
  };
  for (const name of names) {
    const problem = visit(name);
    if (problem) return { ok: false, error: problem };
  }
  try {
    root.resolveAll();
  } catch (err) {
    const message = (err as Error).message;
    const missing = /no such (?:type|Type or Enum)[: ]+'?([\w.]+)/i.exec(message)?.[1];
    const where = missing ? locateName(files, missing) : undefined;
    if (where) return { ok: false, error: { kind: 'proto', ...where, message: `${where.file}, line ${where.line}, column ${where.column}: the type "${missing}" is not defined in the given files. The .proto does not compile, so no services were loaded from it.` } };
    return { ok: false, error: { kind: 'proto', message: `The .proto files do not compile: ${message}.` } };
  }
  return { ok: true, root };
}
