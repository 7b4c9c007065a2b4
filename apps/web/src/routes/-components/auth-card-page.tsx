import { Center, Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { LogoLink } from '../../components/logo';

export interface AuthCardPageProps {
  /** The page's one h1. */
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  /** The heading takes focus through this when the card's content changes (a form replaced by a result). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/**
 * A page of the sign-in family laid out as the login screen is: the logo above one narrow card, in the
 * page's main landmark (the forgot- and reset-password pages).
 */
export function AuthCardPage({ title, intro, headingRef, children }: AuthCardPageProps) {
  return (
    <Container component="main" size="xs" py="xl">
      <Center mb="lg">
        <LogoLink />
      </Center>
      <Center>
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
          <Title order={1} size="h2" ref={headingRef} tabIndex={-1}>
            {title}
          </Title>
          {intro ? (
            <Text c="dimmed" size="sm" mt={4}>
              {intro}
            </Text>
          ) : null}
          {children}
        </Paper>
      </Center>
    </Container>
  );
}
