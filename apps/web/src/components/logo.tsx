import { Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

function LogoMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#1c7ed6" />
      <path
        d="M11 6c0 7 10 7 10 13s-10 6-10 13M21 6c0 7-10 7-10 13s10 6 10 13"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The product's name and mark. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark />
      <Text fw={700} size="lg" c="var(--mantine-color-text)">
        PropertyDNA
      </Text>
    </Group>
  );
}

/** The logo as a link to the landing page (spec §2: the logo links to /). */
export function LogoLink() {
  return (
    <Link
      to="/"
      aria-label="PropertyDNA home"
      className="mantine-focus-auto"
      style={{ textDecoration: 'none' }}
    >
      <Logo />
    </Link>
  );
}
