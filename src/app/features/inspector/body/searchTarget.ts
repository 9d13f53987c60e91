/** What a body view offers the search bar: count the matches of a query, and show one. */
export interface SearchOutcome {
  count: number;
  /** More matches exist than were collected. */
  truncated: boolean;
  /** Only part of the body was searched (it is still streaming or formatting). */
  partial: boolean;
}

export interface SearchTarget {
  search(query: string): Promise<SearchOutcome>;
  /** Scrolls to and marks match `index` (0-based) of the last search. */
  show(index: number): void;
}

/** Most matches a view collects for navigation. */
export const SEARCH_LIMIT = 100_000;
