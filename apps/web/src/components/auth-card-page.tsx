import { Center, Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { LogoLink } from './logo';

export interface AuthCardPageProps {
  /** The page's one h1. */
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  /** The heading takes focus through this when the card's content changes (a form replaced by a result). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** The frame of the sign-in family's pages (login, forgot and reset password): the logo above one narrow column, in the main landmark. */
export function AuthPageFrame({ children }: { children: ReactNode }) {
  return (
    <Container component="main" size="xs" py="xl">
      <Center mb="lg">
        <LogoLink />
      </Center>
      <Center>{children}</Center>
    </Container>
  );
}

/** A page of the sign-in family with its content in one card (the forgot- and reset-password pages). */
export function AuthCardPage({ title, intro, headingRef, children }: AuthCardPageProps) {
  return (
    <AuthPageFrame>
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
    </AuthPageFrame>
  );
}
