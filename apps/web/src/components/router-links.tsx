import { Anchor, type AnchorProps, Button, type ButtonProps, Card, type CardProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorElementProps>((props, ref) => (
  <Anchor ref={ref} {...props} />
));

const MantineButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & AnchorElementProps>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));

/** A Mantine Anchor that navigates within the app (typed `to`, `search`, `params`). */
export const AnchorLink = createLink(MantineAnchor);

/** A Mantine Button rendered as an in-app link. */
export const ButtonLink = createLink(MantineButtonAnchor);

const MantineCardAnchor = forwardRef<HTMLAnchorElement, CardProps & AnchorElementProps>((props, ref) => (
  <Card component="a" ref={ref} {...props} />
));

/** A Mantine Card that is one in-app link as a whole (a property card that opens its property). */
export const CardLink = createLink(MantineCardAnchor);
