/** The product's name: the whole title of the landing page, the suffix of every other page's. */
export const PRODUCT_NAME = 'PropertyDNA';

/**
 * The login page's name: its document title ('Log in · PropertyDNA'), also where a protected page shows
 * the login screen. Kept here rather than beside the login screen, so that the root route can name the
 * document without loading the login form.
 */
export const LOGIN_PAGE_NAME = 'Log in';

/** A page's document title, 'Vault · PropertyDNA' style; without a page name, the product's name alone. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * The `head` of a route whose page has this name (TanStack Router renders it through `<HeadContent />`
 * in the root route; the deepest route with a title wins).
 */
export function pageHead(page?: string) {
  return () => ({ meta: [{ title: documentTitle(page) }] });
}
