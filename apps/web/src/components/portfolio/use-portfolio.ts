import { type ComplianceStatus, PROPERTY_PAGE_SIZE, type PropertyPageInput } from '@propertydna/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { type RefObject, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import type { Property } from '../../lib/properties';
import { trpc } from '../../lib/trpc';

/** How long typing pauses before the search is sent: one request per pause, not one per key. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The status filter: one compliance status, or all of them. */
export type StatusFilter = ComplianceStatus | 'all';

const UNREACHABLE = 'The server could not be reached.';

/** The search, the status filter and the paging of the portfolio, as its toolbar and its end read them. */
export interface PortfolioPaging {
  /** The search box's text (sent once typing pauses). */
  search: string;
  onSearchChange: (value: string) => void;
  status: StatusFilter;
  onStatusChange: (value: StatusFilter) => void;
  /** The search box, focused again when the filters are cleared from elsewhere. */
  searchRef: RefObject<HTMLInputElement | null>;
  /** A search or a status filter applies: an empty list then means "no match", not "no properties". */
  filtered: boolean;
  /** The portfolio has no property at all (known for certain: no search, nothing still loading or rendering). */
  empty: boolean;
  /** The results shown are the previous ones while those of a new search or filter load. */
  searching: boolean;
  /** How many properties are shown, and how many match in all (undefined until the first page is in). */
  shown: number;
  total: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the next page could not be loaded (the pages shown stay). */
  moreError: string | null;
  /** Asks for the next page; false when there is none to ask for now (or one is on its way). */
  onLoadMore: () => boolean;
  /** Empties the search and shows every status again. */
  onClear: () => void;
}

/** The portfolio as the dashboard and the Properties screen list it. */
export interface Portfolio {
  /** The pages loaded so far, in order; undefined while the first loads or after it failed. */
  properties: Property[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  paging: PortfolioPaging;
  /** The organisation's live properties whatever the search (the plan's limit counts them); undefined while unknown. */
  propertyCount: number | undefined;
}

/** The page query's input for a search and a status filter (absent when blank or 'all'). */
export function pageInput(q: string, status: StatusFilter): PropertyPageInput {
  return {
    limit: PROPERTY_PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(status === 'all' ? {} : { status }),
  };
}

/**
 * The portfolio in pages of 50 (properties.page), searched by name, address, DNA code or ERF and
 * filtered by compliance status. While a new search loads the previous results stay on screen, so
 * typing never blanks the list; only the pages loaded are rendered, so a portfolio of thousands stays
 * light.
 */
export function usePortfolio(): Portfolio {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const next = search.trim();
    if (next === q) return;
    const timer = setTimeout(() => setQ(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, q]);

  const filtered = q !== '' || status !== 'all';
  const query = trpc.properties.page.useInfiniteQuery(pageInput(q, status), {
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  // While a search applies, the plan's limit still counts every property: one row of the unfiltered list
  // answers that total.
  const everything = trpc.properties.page.useQuery({ limit: 1 }, { enabled: filtered });

  const latest = query.data?.pages;
  // Deferred: the cards of a new page (or of a new search) render in the background, in slices the
  // browser interleaves with scrolling and typing, rather than in one task that stalls the page. What is
  // shown and counted is what has rendered.
  const pages = useDeferredValue(latest);
  const properties = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  // The latest page's count: the most recent answer to "how many match".
  const total = pages?.at(-1)?.total;
  const rendering = pages !== latest;
  // The same list grown by a page (its first page is kept as it was), not another search's pages.
  const appending =
    pages !== undefined && latest !== undefined && latest.length > pages.length && latest[0] === pages[0];
  // A next page counts as loading until its cards are on screen: only then can the end of the list
  // tell whether another is wanted.
  const loadingMore = query.isFetchingNextPage || appending;
  // The results shown are not yet those of the search and filter as they now stand.
  const searching = query.isPlaceholderData || search.trim() !== q || (rendering && !appending);
  // A next page that failed leaves the pages shown; any other failure is the list's own.
  const failed = query.isError && !query.isFetchNextPageError;
  const hasMore = query.hasNextPage && !query.isPlaceholderData;

  const loadMore = () => {
    // Not while the cards shown are not yet the latest: the end of the list is not where it will be.
    if (!hasMore || query.isFetching || rendering) return false;
    void query.fetchNextPage();
    return true;
  };
  const clear = () => {
    setSearch('');
    setQ('');
    setStatus('all');
    searchRef.current?.focus();
  };

  return {
    properties,
    // Until the first page's cards have rendered, not only until it has arrived.
    loading: query.isPending || (latest !== undefined && pages === undefined),
    error: failed ? errorMessage(query.error, UNREACHABLE) : null,
    onRetry: () => void query.refetch(),
    propertyCount: filtered ? everything.data?.total : latest?.at(-1)?.total,
    paging: {
      search,
      onSearchChange: setSearch,
      status,
      onStatusChange: setStatus,
      searchRef,
      filtered,
      empty: !filtered && !searching && total === 0,
      searching,
      shown: properties?.length ?? 0,
      total,
      hasMore,
      loadingMore,
      moreError: query.isFetchNextPageError ? errorMessage(query.error, UNREACHABLE) : null,
      onLoadMore: loadMore,
      onClear: clear,
    },
  };
}
