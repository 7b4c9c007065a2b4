import { Skeleton, Text } from '@mantine/core';
import type { TextBox } from '@propertydna/domain';
import { useEffect, useRef } from 'react';
import classes from './page-preview.module.css';
import { usePagePicture } from './use-page-picture';

/** The highlight's placement over the page, in percentages of the picture (the box is in fractions). */
export function highlightStyle(box: TextBox): { left: string; top: string; width: string; height: string } {
  const percent = (fraction: number) => `${Math.max(0, Math.min(100, fraction * 100)).toFixed(2)}%`;
  // A little air around the line, kept on the page.
  const pad = 0.004;
  const x = Math.max(0, box.x - pad);
  const y = Math.max(0, box.y - pad);
  return {
    left: percent(x),
    top: percent(y),
    width: percent(Math.min(1 - x, box.w + 2 * pad)),
    height: percent(Math.min(1 - y, box.h + 2 * pad)),
  };
}

/**
 * A page of the document as it was read, with the line of the field in focus outlined (`box`, fractions
 * of the page, over the picture scaled to the width it is given). Says so when the picture cannot load.
 * The outline's own effect runs after every render: the field in focus may have moved it.
 */
export function PagePreview({
  documentId,
  documentName,
  page,
  pages,
  box,
  caption,
}: {
  documentId: string;
  documentName: string;
  page: number;
  pages: number | null;
  box: TextBox | null;
  /** What the outline marks, said under the picture. */
  caption: string | null;
}) {
  const picture = usePagePicture(documentId, page);
  const pageName = pages ? `Page ${page} of ${pages}` : `Page ${page}`;
  const frame = useRef<HTMLElement>(null);
  const outline = useRef<HTMLDivElement>(null);
  /** Where the picture is cut to part of the screen (a phone), brings the outlined line into view. */
  const showOutline = () => {
    const shown = frame.current;
    const line = outline.current;
    if (!shown || !line || shown.scrollHeight <= shown.clientHeight) return;
    shown.scrollTop = Math.max(0, line.offsetTop - shown.clientHeight / 3);
  };
  // After every change of the field in focus (and, below, once the picture has its height).
  useEffect(showOutline);
  return (
    <figure style={{ margin: 0 }}>
      {picture.status === 'failed' ? (
        <Text size="sm" c="dimmed" role="status" py="md">
          {pageName}: the picture of the page could not be loaded.
        </Text>
      ) : picture.status === 'loading' ? (
        <Skeleton height={320} />
      ) : (
        // Focusable: on a phone the picture scrolls inside its box, by keyboard too.
        <section
          ref={frame}
          className={classes.frame}
          aria-label={`Picture of ${pageName.toLowerCase()}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
          tabIndex={0}
        >
          <div className={classes.page}>
            <img
              src={picture.src}
              alt={`${pageName} of ${documentName}, as read`}
              style={{ width: '100%', height: 'auto', display: 'block' }}
              onLoad={showOutline}
            />
            {box && (
              <div
                ref={outline}
                data-testid="read-highlight"
                aria-hidden="true"
                className={classes.highlight}
                style={highlightStyle(box)}
              />
            )}
          </div>
        </section>
      )}
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {pageName}
        {caption ? ` · outlined: ${caption}` : ''}
      </Text>
    </figure>
  );
}
