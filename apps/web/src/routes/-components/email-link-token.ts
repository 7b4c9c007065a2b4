import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

export interface EmailLinkSearch {
  /** The secret of the mailed link; read once, then moved out of the address bar. */
  token?: string | undefined;
}

/** Every key answered (undefined when absent), as the router merges the root's raw search with this. */
export const validateEmailLinkSearch = (search: Record<string, unknown>): EmailLinkSearch => ({
  token: typeof search.token === 'string' && search.token !== '' ? search.token : undefined,
});

/**
 * The link's token, from the URL and then from the history entry's state: as on /reset-password, the
 * address bar is replaced by the plain page, so a bookmark, a copied address or a screenshot does not
 * carry the token.
 */
export function useLinkToken(
  to: '/verify-email' | '/confirm-email',
  fromUrl: string | undefined,
): string | undefined {
  const fromState = useLocation({
    select: ({ state }) =>
      'emailLinkToken' in state && typeof state.emailLinkToken === 'string'
        ? state.emailLinkToken
        : undefined,
  });
  const navigate = useNavigate();
  useEffect(() => {
    if (!fromUrl) return;
    void navigate({
      to,
      search: {},
      replace: true,
      state: (previous) => ({ ...previous, emailLinkToken: fromUrl }),
    });
  }, [fromUrl, navigate, to]);
  return fromUrl ?? fromState;
}
