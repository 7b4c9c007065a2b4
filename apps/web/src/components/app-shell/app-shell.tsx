import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { homePathOf } from '@propertydna/domain';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { createContext, type MouseEvent, type ReactNode, useContext, useEffect, useRef } from 'react';
import { useAuth } from '../../lib/auth';
import { LogoLink } from '../logo';
import classes from './app-shell.module.css';
import { EmailVerificationBanner } from './email-verification-banner';
import { type NavItem, normalisePath, OWNER_NAV, SUPPLIER_NAV } from './nav-items';
import { UserMenu } from './user-menu';

const NAV_ID = 'app-navigation';
const MAIN_ID = 'main-content';
const HEADER_HEIGHT = 60;
const NAVBAR_WIDTH = 240;

const InAppShell = createContext(false);

/** Whether this component renders inside the app shell (the 404 page brings the shell only when not). */
export function useInAppShell() {
  return useContext(InAppShell);
}

/** A plain click (no modifier, left button): the router navigates; anything else is the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export interface AppNavigationProps {
  items: readonly NavItem[];
  pathname: string;
  tab: string | undefined;
  onNavigate: (href: string) => void;
}

/** The shell's entries; the one for the current page is marked (aria-current="page") and highlighted. */
export function AppNavigation({ items, pathname, tab, onNavigate }: AppNavigationProps) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => {
        const active = item.matches(pathname, tab);
        return (
          <li key={item.href}>
            <NavLink
              component="a"
              href={item.href}
              label={item.label}
              active={active}
              aria-current={active ? 'page' : undefined}
              variant="light"
              fw={active ? 600 : 500}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onNavigate(item.href);
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The signed-in layout (Mantine AppShell): a header (banner) with the logo, the phone's burger and the
 * user menu; the navigation for the user's audience (owners' sections, the supplier console's tabs) as a
 * sidebar, which on a phone (below sm) is a drawer the burger opens; and the page as the main landmark.
 * `withNavbar` false leaves the sidebar out (the older layout at /app/old brings its own).
 */
export function AppShellLayout({
  children,
  withNavbar = true,
}: {
  children: ReactNode;
  withNavbar?: boolean;
}) {
  const { user } = useAuth();
  const router = useRouter();
  const [opened, { toggle, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const burgerRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLDivElement>(null);
  const { pathname, tab } = useRouterState({
    select: (state) => {
      // The supplier console's tab (?tab=jobs, …), which its own route reads.
      const { tab } = state.location.search as Record<string, unknown>;
      return {
        pathname: normalisePath(state.location.pathname),
        tab: typeof tab === 'string' ? tab : undefined,
      };
    },
    structuralSharing: true,
  });

  // A new page closes the drawer.
  useEffect(() => close(), [pathname, tab, close]);

  // The open drawer takes the focus to its first entry; Escape closes it and gives the focus back.
  useEffect(() => {
    if (!opened || !phone) return;
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened, phone, close]);

  if (!user) return null;
  const supplier = homePathOf(user.userType) === '/supplier';
  const items = supplier ? SUPPLIER_NAV : OWNER_NAV;
  const drawerHidden = phone && !opened;

  return (
    <InAppShell.Provider value={true}>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={
          withNavbar
            ? { width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: false } }
            : undefined
        }
        padding={0}
      >
        <AppShell.Header>
          <a href={`#${MAIN_ID}`} className={`${classes.skipLink} mantine-focus-auto`}>
            Skip to content
          </a>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {withNavbar && (
                <Burger
                  ref={burgerRef}
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={opened ? 'Close navigation' : 'Open navigation'}
                  aria-expanded={opened}
                  aria-controls={NAV_ID}
                />
              )}
              <LogoLink />
            </Group>
            <UserMenu />
          </Group>
        </AppShell.Header>
        {withNavbar && (
          <AppShell.Navbar
            ref={navRef}
            id={NAV_ID}
            aria-label={supplier ? 'Supplier console' : 'Main'}
            p="sm"
            // The line beside it is the page column's edge (app-shell.module.css), as tall as the page.
            withBorder={false}
            // Off-screen while closed on a phone: out of the tab order and hidden from assistive technology.
            style={drawerHidden ? { visibility: 'hidden' } : undefined}
          >
            <AppShell.Section grow component={ScrollArea}>
              {supplier && (
                <Text size="xs" fw={700} tt="uppercase" c="var(--mantine-color-text)" px="sm" pb="xs">
                  Supplier console
                </Text>
              )}
              <AppNavigation
                items={items}
                pathname={pathname}
                tab={tab}
                onNavigate={(href) => {
                  close();
                  void router.navigate({ href });
                }}
              />
            </AppShell.Section>
          </AppShell.Navbar>
        )}
        <AppShell.Main
          id={MAIN_ID}
          tabIndex={-1}
          className={withNavbar ? classes.mainBesideNavbar : undefined}
          style={{ outline: 'none' }}
        >
          <EmailVerificationBanner />
          {children}
        </AppShell.Main>
      </AppShell>
    </InAppShell.Provider>
  );
}
