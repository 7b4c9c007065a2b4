import { trpc } from './trpc';

/**
 * Whether the signed-in user is PropertyDNA staff, as the server answers it (staff_members): only to
 * show the back office's link. The back office's procedures check the role themselves on every call.
 */
export function useStaffAccess(): boolean {
  const access = trpc.backoffice.access.useQuery(undefined, { staleTime: 5 * 60_000 });
  return access.data?.staff === true;
}
