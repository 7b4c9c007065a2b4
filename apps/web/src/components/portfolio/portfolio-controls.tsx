import { Button, Group, Loader, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { COMPLIANCE_STATUSES, MAX_PROPERTY_SEARCH } from '@propertydna/domain';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { COMPLIANCE_LABELS } from '../../lib/properties';
import { LoadError } from '../load-error';
import type { PortfolioPaging, StatusFilter } from './use-portfolio';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...COMPLIANCE_STATUSES.map((status) => ({ value: status, label: COMPLIANCE_LABELS[status] })),
];

const isStatusFilter = (value: string): value is StatusFilter =>
  STATUS_OPTIONS.some((option) => option.value === value);

/** "Showing 50 of 1001 properties": what is on screen against what matches. */
export function showingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? 'property' : 'properties'}`;
}

/**
 * Whether the search and the filter are offered: once the list is in, unless the portfolio is empty
 * (nothing to search); always while a search applies, so that it can be changed or cleared.
 */
export function showsControls(paging: PortfolioPaging, properties: readonly unknown[] | undefined): boolean {
  return paging.filtered || (properties !== undefined && !paging.empty);
}

/**
 * The portfolio's search (name, address, DNA code or ERF), its compliance status filter and how many of
 * the matching properties are shown. The count is a status, so screen readers hear it change.
 */
export function PortfolioToolbar({ paging }: { paging: PortfolioPaging }) {
  const statusLabelId = useId();
  const { search, status, searching, shown, total } = paging;
  return (
    <Stack gap="xs" role="search" aria-label="Search and filter properties">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          ref={paging.searchRef}
          type="search"
          label="Search properties"
          placeholder="Name, address, DNA code or ERF"
          value={search}
          onChange={(event) => paging.onSearchChange(event.currentTarget.value)}
          maxLength={MAX_PROPERTY_SEARCH}
          autoComplete="off"
          rightSection={searching ? <Loader size="xs" aria-hidden /> : null}
          style={{ flex: '1 1 16rem', minWidth: 0 }}
        />
        <div>
          <Text component="div" size="sm" fw={500} id={statusLabelId} mb={4}>
            Compliance status
          </Text>
          <SegmentedControl
            aria-labelledby={statusLabelId}
            data={STATUS_OPTIONS}
            value={status}
            onChange={(value) => {
              if (isStatusFilter(value)) paging.onStatusChange(value);
            }}
          />
        </div>
      </Group>
      <Text size="sm" c="dimmed" role="status" data-testid="portfolio-count">
        {total === undefined ? '' : showingText(shown, total)}
      </Text>
    </Stack>
  );
}

/** A search or filter that matches nothing, with the way back to the whole portfolio. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <Paper withBorder radius="md" p="xl" mt="xl" ta="center">
      <Stack align="center" gap="xs">
        <Title order={2} size="h3">
          No property matches your search
        </Title>
        <Text c="dimmed">Try another name, address, DNA code or ERF number, or another status.</Text>
        <Button mt="sm" variant="default" onClick={onClear}>
          Clear search and filter
        </Button>
      </Stack>
    </Paper>
  );
}

/** Marks a property card of the list (the button's load focuses the first new one). */
export const PORTFOLIO_ITEM = 'data-portfolio-item';

/**
 * A property card's style: a link that looks like a card, and whose layout and paint the browser skips
 * while it is far off screen (keeping the size it last had), so a list of a thousand scrolls smoothly.
 */
export const PORTFOLIO_CARD_STYLE = {
  textDecoration: 'none',
  color: 'inherit',
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 200px',
} as const;

/** The previous results while a new search loads: still readable, visibly not the answer yet. */
export const SEARCHING_STYLE = { opacity: 0.6, transition: 'opacity 150ms' } as const;

/** How far below the window the next page is asked for, so it is there before the end is reached. */
const PRELOAD_MARGIN = '0px 0px 800px 0px';

/**
 * The end of the loaded pages: the next page loads by itself as the end scrolls near (an invisible
 * sentinel watched by an IntersectionObserver), and a 'Load more properties' button does the same from
 * the keyboard, moving focus to the first property it brought. A page that fails leaves the others
 * and offers Retry. `list` holds the property cards (each marked `data-portfolio-item`).
 */
export function PortfolioMore({
  paging,
  list,
}: {
  paging: PortfolioPaging;
  list: RefObject<HTMLElement | null>;
}) {
  const { hasMore, loadingMore, moreError, shown, searching } = paging;
  const sentinel = useRef<HTMLDivElement>(null);
  // The latest load function, so the observer is not rebuilt on every render.
  const loadMore = useRef(paging.onLoadMore);
  loadMore.current = paging.onLoadMore;
  // Set by the button: the index of the first property of the page it asked for, to focus on arrival.
  const focusFrom = useRef<number | null>(null);

  // Rebuilt whenever a page (or another search's results) has rendered: observing starts with a report of
  // the sentinel as it is now, so a page too short to push the sentinel away is followed by the next.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loadingMore || moreError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, moreError, shown, searching]);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loadingMore) return;
    if (moreError) {
      focusFrom.current = null;
      return;
    }
    const first = list.current?.querySelectorAll<HTMLElement>(`[${PORTFOLIO_ITEM}]`)[from];
    // The page has arrived but its cards may still be rendering: this runs again when they are shown.
    if (!first) return;
    focusFrom.current = null;
    first.focus();
  }, [loadingMore, moreError, shown, list]);

  if (!hasMore && !moreError) return null;
  return (
    <Stack align="center" gap="sm" mt="xl">
      <div ref={sentinel} aria-hidden />
      {moreError ? (
        <LoadError
          title="More properties could not be loaded"
          message={moreError}
          onRetry={paging.onLoadMore}
        />
      ) : (
        <Button
          variant="default"
          onClick={() => {
            if (paging.onLoadMore()) focusFrom.current = shown;
          }}
          aria-disabled={loadingMore || undefined}
          leftSection={loadingMore ? <Loader size="xs" aria-hidden /> : null}
        >
          {loadingMore ? 'Loading more properties...' : 'Load more properties'}
        </Button>
      )}
    </Stack>
  );
}
