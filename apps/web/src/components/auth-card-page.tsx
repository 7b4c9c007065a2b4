import { Alert, Button, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import type { FormEventHandler, ReactNode, Ref } from 'react';
import { LogoLink } from './logo';
import { AnchorLink } from './router-links';

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

export interface AuthCardFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The last refusal to show above the form, if any. */
  error: string | null;
  /** A request is out: the submit button is disabled. */
  pending: boolean;
  /** What the submit button says (the caller says what it is doing while `pending`). */
  submitLabel: string;
  /** The form's fields, above the submit button. */
  children: ReactNode;
}

/**
 * The form of a card page of the sign-in family (forgot and reset password): the refusal above it, its
 * fields, and one full-width submit button, disabled while the request is out.
 */
export function AuthCardForm({ label, onSubmit, error, pending, submitLabel, children }: AuthCardFormProps) {
  return (
    <>
      {error ? (
        <Alert role="alert" color="red" variant="light" mt="md">
          {error}
        </Alert>
      ) : null}
      <form noValidate aria-label={label} onSubmit={onSubmit}>
        <Stack gap="sm" mt="lg">
          {children}
          <Button type="submit" disabled={pending} fullWidth mt="xs">
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </>
  );
}

/**
 * A field's props on these forms, whose every field is required: marked required for the browser and
 * assistive technology but without the asterisk, with the form's value, change handler and error.
 */
export function requiredField<Values>(form: UseFormReturnType<Values>, path: LooseKeys<Values>) {
  return { required: true, withAsterisk: false, ...form.getInputProps(path) };
}

/** The way back to the login page at the foot of a card page, after an optional lead-in ('Remembered it?'). */
export function BackToLogin({ leadIn }: { leadIn?: string }) {
  return (
    <Text size="sm" ta="center" mt="lg">
      {leadIn ? `${leadIn} ` : null}
      <AnchorLink to="/login">Back to log in</AnchorLink>
    </Text>
  );
}
