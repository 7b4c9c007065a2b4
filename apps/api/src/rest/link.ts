/**
 * An RFC 8288 `Link` header value pointing at the next page: `path` with the query that asks for it
 * (unset parameters left out), e.g. `</api/properties?limit=50&cursor=…>; rel="next"`. The target is
 * a path-absolute reference, resolved against the request's own URL, so it holds behind any host.
 */
export function nextPageLink(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return `<${path}?${params}>; rel="next"`;
}
