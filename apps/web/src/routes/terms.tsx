import { Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { PLANS, PREMIUM_PRICE_ZAR, TRIAL_DAYS } from '@propertydna/domain';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LogoLink } from '../components/logo';
import { AnchorLink } from '../components/router-links';
import { pageHead } from '../lib/page-head';

export const Route = createFileRoute('/terms')({
  head: pageHead('Terms of Service'),
  component: TermsPage,
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

/** Terms of Service, linked from the signup form (spec §2). */
function TermsPage() {
  return (
    <Container component="main" size="md" py="xl">
      <Group mb="xl">
        <LogoLink />
      </Group>
      <Title order={1}>Terms of Service</Title>
      <Text c="dimmed" mt="xs">
        Last updated: November 2026
      </Text>
      <Stack gap="xl" mt="xl">
        <Section title="1. About these terms">
          <Text>
            PropertyDNA is an online service for keeping the records of South African properties. Each
            property registered on PropertyDNA receives a permanent DNA code and a document vault. These terms
            apply to everyone who creates an account or uses the service. By creating an account you agree to
            them.
          </Text>
        </Section>

        <Section title="2. Your account">
          <List spacing="xs">
            <List.Item>Give accurate details when you sign up and keep them up to date.</List.Item>
            <List.Item>
              Keep your password to yourself. You are responsible for what is done with your account.
            </List.Item>
            <List.Item>
              If you sign up for a company, you confirm that you may act for that company and that its
              registration details are correct.
            </List.Item>
          </List>
        </Section>

        <Section title="3. Your property records">
          <Text>
            The documents you upload remain yours. You allow us to store, process and display them only as
            needed to provide the service to you and to the people you choose to share them with. Upload only
            documents you are entitled to keep and share. A property&apos;s DNA code is a reference that stays
            with the property, also when it changes hands.
          </Text>
        </Section>

        <Section title="4. Suppliers, verified documents and share links">
          <Text>
            Suppliers who issue documents through PropertyDNA confirm that those documents truthfully describe
            the work they did. A &quot;verified&quot; document was issued by a registered supplier account;
            PropertyDNA does not inspect the work itself. Anyone who has a share link can view the documents
            it covers, so share links with care and use password protection where it is offered.
          </Text>
        </Section>

        <Section title="5. Compliance checks, reminders and reports">
          <Text>
            Compliance checks, maintenance reminders and reports help you stay organised. They are
            information, not legal, insurance, engineering or financial advice. Always confirm requirements
            with your insurer, municipality or a qualified professional. Reminders depend on the dates you
            give us and are not a guarantee that nothing is missed.
          </Text>
        </Section>

        <Section title="6. Plans and payment">
          <Text>
            The Free plan covers {PLANS.free.maxProperties} property with the basic features. Premium costs
            from R{PREMIUM_PRICE_ZAR} per year and covers multiple properties and maintenance alerts. New
            Premium subscribers get a {TRIAL_DAYS}-day free trial. You can cancel at any time; your rights
            under the Consumer Protection Act and the Electronic Communications and Transactions Act are not
            affected.
          </Text>
        </Section>

        <Section title="7. Your personal information (POPIA)">
          <Text>
            We process personal information in line with the Protection of Personal Information Act 4 of 2013
            (POPIA). We collect only what we need to run your account and the service, keep it secure, and do
            not sell it. We send marketing only if you agreed to it, and you can withdraw that consent at any
            time. You may ask to see, correct or delete your personal information, or object to how it is
            processed. If you are not satisfied with our answer, you may complain to the Information Regulator
            of South Africa.
          </Text>
        </Section>

        <Section title="8. Acceptable use">
          <Text>
            Do not upload forged or misleading documents, other people&apos;s personal information without the
            right to do so, or anything unlawful. Do not try to get around the service&apos;s security or
            reach records that are not yours.
          </Text>
        </Section>

        <Section title="9. Availability and liability">
          <Text>
            We take reasonable care to keep PropertyDNA available and your records safe, but keep the
            originals of important documents, such as your title deed. To the extent the law allows, we are
            not liable for indirect loss. Nothing in these terms limits rights that South African law does not
            allow to be limited.
          </Text>
        </Section>

        <Section title="10. Ending your account">
          <Text>
            You may close your account at any time; download the documents you want to keep first. We may
            suspend an account that breaks these terms.
          </Text>
        </Section>

        <Section title="11. Changes and governing law">
          <Text>
            We will tell you about material changes to these terms before they take effect. These terms are
            governed by the laws of the Republic of South Africa.
          </Text>
        </Section>
      </Stack>
      <Text mt="xl">
        <AnchorLink to="/signup">Back to sign up</AnchorLink>
      </Text>
    </Container>
  );
}
