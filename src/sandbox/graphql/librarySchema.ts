/**
 * The sandbox's GraphQL schema: a small library (books, authors) built with `graphql`'s
 * SDL and resolvers, with what the lessons need — queries with arguments and variables,
 * a mutation, a field that fails so the answer carries partial data with `errors`, a slow
 * field, and a subscription (over graphql-ws) counting down. Introspection is on.
 */
import { buildSchema, GraphQLError, type GraphQLSchema } from 'graphql';

export const LIBRARY_SDL = `
"""A book in the sandbox library."""
type Book {
  id: ID!
  title: String!
  year: Int
  """The author; the sandbox has lost one author's record, so that field fails for book 3 (partial data)."""
  author: Author
  """A price that fails for every book: its error shows partial data next to the fields that worked."""
  price: Float
}

"""Someone who wrote books."""
type Author {
  id: ID!
  name: String!
  books: [Book!]!
}

input NewBook {
  title: String!
  year: Int
  authorId: ID!
}

type Query {
  """One book by id, or null when there is none."""
  book(id: ID!): Book
  """Every book, optionally only those published from a year on."""
  books(since: Int): [Book!]!
  authors: [Author!]!
  """Answers after \`ms\` milliseconds (at most 5000): a field to watch a timeout with."""
  slow(ms: Int = 1000): String!
}

type Mutation {
  """Adds a book; it is forgotten at the next sandbox reset."""
  addBook(input: NewBook!): Book!
}

type Subscription {
  """Counts down from \`from\` (at most 20) to 0, one number every \`intervalMs\` milliseconds."""
  countdown(from: Int! = 3, intervalMs: Int = 200): Int!
}
`;

interface BookRecord { id: string; title: string; year: number; authorId: string }
interface AuthorRecord { id: string; name: string }

const SEED_AUTHORS: AuthorRecord[] = [
  { id: '1', name: 'Ada Lovelace' },
  { id: '2', name: 'Grace Hopper' },
];
const SEED_BOOKS: BookRecord[] = [
  { id: '1', title: 'Notes on the Analytical Engine', year: 1843, authorId: '1' },
  { id: '2', title: 'A Manual of Operation for the Automatic Sequence Controlled Calculator', year: 1946, authorId: '2' },
  { id: '3', title: 'The Lost Manuscript', year: 1951, authorId: '99' },
];

const MAX_BOOKS = 200;
let books: BookRecord[] = SEED_BOOKS.map((b) => ({ ...b }));

/** Every added book forgotten (the sandbox's reset). */
export function resetLibrary(): void {
  books = SEED_BOOKS.map((b) => ({ ...b }));
}

function authorOf(id: string): AuthorRecord | undefined {
  return SEED_AUTHORS.find((a) => a.id === id);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let schema: GraphQLSchema | undefined;

/** The executable schema (built once). */
export function librarySchema(): GraphQLSchema {
  if (schema) return schema;
  const built = buildSchema(LIBRARY_SDL);
  const bookType = built.getType('Book') as import('graphql').GraphQLObjectType;
  const authorType = built.getType('Author') as import('graphql').GraphQLObjectType;
  const fields = (name: string) => (built.getType(name) as import('graphql').GraphQLObjectType).getFields();
  bookType.getFields().author!.resolve = (book: BookRecord) => {
    const author = authorOf(book.authorId);
    if (!author) throw new GraphQLError(`No author with id ${book.authorId}: the record is missing.`, { extensions: { code: 'NOT_FOUND' } });
    return author;
  };
  bookType.getFields().price!.resolve = () => {
    throw new GraphQLError('Prices are not available in the sandbox.', { extensions: { code: 'UNAVAILABLE' } });
  };
  authorType.getFields().books!.resolve = (author: AuthorRecord) => books.filter((b) => b.authorId === author.id);
  fields('Query').book!.resolve = (_: unknown, args: { id: string }) => books.find((b) => b.id === args.id) ?? null;
  fields('Query').books!.resolve = (_: unknown, args: { since?: number | null }) => books.filter((b) => args.since == null || b.year >= args.since);
  fields('Query').authors!.resolve = () => SEED_AUTHORS;
  fields('Query').slow!.resolve = async (_: unknown, args: { ms: number }) => {
    const ms = Math.max(0, Math.min(5000, args.ms));
    await wait(ms);
    return `answered after ${ms} ms`;
  };
  fields('Mutation').addBook!.resolve = (_: unknown, args: { input: { title: string; year?: number | null; authorId: string } }) => {
    if (!authorOf(args.input.authorId)) throw new GraphQLError(`No author with id ${args.input.authorId}; the sandbox knows authors 1 and 2.`, { extensions: { code: 'BAD_USER_INPUT' } });
    if (books.length >= MAX_BOOKS) books.splice(SEED_BOOKS.length, 1);
    const book = { id: String(Math.max(...books.map((b) => Number(b.id))) + 1), title: args.input.title, year: args.input.year ?? new Date().getUTCFullYear(), authorId: args.input.authorId };
    books.push(book);
    return book;
  };
  const countdown = fields('Subscription').countdown!;
  countdown.subscribe = async function* (_: unknown, args: { from: number; intervalMs?: number | null }) {
    const from = Math.max(0, Math.min(20, args.from));
    const interval = Math.max(10, Math.min(5000, args.intervalMs ?? 200));
    for (let n = from; n >= 0; n--) {
      yield { countdown: n };
      if (n > 0) await wait(interval);
    }
  };
  schema = built;
  return built;
}
