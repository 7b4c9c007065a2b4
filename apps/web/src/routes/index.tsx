import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page-head';
import {
  Features,
  ForSuppliers,
  GetStarted,
  Hero,
  LandingFooter,
  LandingHeader,
  Plans,
  Statistics,
  Testimonials,
} from './-components/landing';

export const Route = createFileRoute('/')({
  head: pageHead(),
  component: LandingPage,
});

/** The landing page (spec §1, §2): what PropertyDNA does, statistics, testimonials, plans, signup links. */
function LandingPage() {
  return (
    <>
      <LandingHeader />
      <Container component="main" size="lg">
        <Hero />
        <Features />
        <ForSuppliers />
        <GetStarted />
        <Statistics />
        <Testimonials />
        <Plans />
      </Container>
      <LandingFooter />
    </>
  );
}
