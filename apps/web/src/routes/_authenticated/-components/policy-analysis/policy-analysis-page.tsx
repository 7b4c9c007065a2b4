import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AnchorLink } from '../../../../components/router-links';
import { errorMessage } from '../../../../lib/error-message';
import { RoleGuard } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { PageTitle, SECTIONS } from '../section-page';
import { AnalysisProgress } from './analysis-progress';
import { FindingCard } from './finding-card';
import {
  ALL_TOPICS,
  completionMessage,
  EMPTY_TAB_MESSAGES,
  FINDING_TABS,
  type FindingTab,
  findingsOfTab,
  findingsOfTopic,
  isAnalysing,
  POLICY_ANALYSIS_MESSAGES,
  type PolicyAnalysis as PolicyAnalysisRow,
  type PolicyFinding,
  searchFindings,
  sortFindings,
  tabCounts,
  topicCounts,
  topicLabel,
} from './policy-findings';

/** The property selector's value for every property at once. */
const ALL = 'all';
/** How often the analyses are asked for while one is queued or running. */
const POLL_MS = 1500;

/** The Policy Analysis screen (spec §2) at /policies, /app/policies and /app/old/policies. */
export function PolicyAnalysisPage() {
  return (
    <PageTitle {...SECTIONS.policies}>
      <PolicyAnalysis />
    </PageTitle>
  );
}

const scopeOf = (property: string) => (property === ALL ? {} : { propertyId: property });

/**
 * The clauses found in the owner's insurance policies, for one property or all of them: searched,
 * grouped by type in tabs with their counts. 'Analyze Policies' reads the chosen property's policies
 * again (with All properties: every property that has a policy), shows each policy's progress while
 * the job queue reads it, and refreshes the findings when none is left queued or running.
 */
export function PolicyAnalysis({ pollMs = POLL_MS }: { pollMs?: number }) {
  const utils = trpc.useUtils();
  const [property, setProperty] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<FindingTab>('all');
  const [topic, setTopic] = useState<string>(ALL_TOPICS);
  const [starting, setStarting] = useState(false);
  /** The selection under which the owner last ran an analysis: its progress stays shown. */
  const [ranFor, setRanFor] = useState<string | null>(null);

  const scope = scopeOf(property);
  const properties = trpc.properties.list.useQuery();
  const findings = trpc.policies.findings.useQuery(scope);
  const analyses = trpc.policies.analyses.useQuery(scope, {
    refetchInterval: (query) => (isAnalysing(query.state.data) ? pollMs : false),
  });
  const analyze = trpc.policies.analyze.useMutation();
  const analysing = isAnalysing(analyses.data);

  /** Once no policy is left queued or running: the new findings, and a toast saying what was found. */
  const finish = useCallback(
    async (scopeProperty: string, finished: readonly PolicyAnalysisRow[]) => {
      await utils.policies.findings.invalidate();
      const fresh = utils.policies.findings.getData(scopeOf(scopeProperty)) ?? [];
      const { message, complete } = completionMessage(finished, fresh);
      notifications.show({ color: complete ? 'green' : 'orange', message });
    },
    [utils],
  );

  // An analysis seen running (started here, or by an upload) that has just finished.
  const seen = useRef({ property, analysing });
  useEffect(() => {
    const before = seen.current;
    seen.current = { property, analysing };
    if (before.property === property && before.analysing && !analysing && analyses.data) {
      void finish(property, analyses.data);
    }
  }, [property, analysing, analyses.data, finish]);

  const busy = starting || analysing || analyses.isPending;

  async function start() {
    if (busy) return;
    setStarting(true);
    try {
      const ids =
        property === ALL
          ? [...new Set((analyses.data ?? []).map((analysis) => analysis.property_id))]
          : [property];
      let queued = 0;
      let lastMessage: string = POLICY_ANALYSIS_MESSAGES.noPolicies;
      for (const propertyId of ids) {
        const result = await analyze.mutateAsync({ propertyId });
        queued += result.queued;
        lastMessage = result.message;
        if (property !== ALL) utils.policies.analyses.setData(scope, result.analyses);
      }
      if (queued === 0) {
        notifications.show({ color: 'orange', message: lastMessage });
        return;
      }
      setRanFor(property);
      if (property === ALL) await utils.policies.analyses.invalidate(scope);
      const now = utils.policies.analyses.getData(scope);
      // Read already (a small policy, a quick worker): nothing will be seen running.
      if (now && !isAnalysing(now)) await finish(property, now);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, POLICY_ANALYSIS_MESSAGES.analyzeFailed),
      });
      // Some properties may have been queued before the failure: their progress shows all the same.
      void utils.policies.analyses.invalidate(scope);
    } finally {
      setStarting(false);
    }
  }

  const propertyOptions = useMemo(
    () => [
      { value: ALL, label: 'All properties' },
      ...[...(properties.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((item) => ({ value: item.id, label: item.name })),
    ],
    [properties.data],
  );

  const showProgress =
    analyses.data !== undefined &&
    analyses.data.length > 0 &&
    (ranFor === property || analyses.data.some((analysis) => analysis.state !== 'done'));

  return (
    <>
      <Group justify="space-between" align="flex-end" mt="lg" gap="md">
        <Select
          label="Property"
          data={propertyOptions}
          value={property}
          onChange={(value) => setProperty(value ?? ALL)}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
          error={
            properties.isError ? errorMessage(properties.error, 'Unable to load your properties') : undefined
          }
        />
        {/* Busy, it keeps its label and its focus (aria-disabled, not disabled): the progress is below.
            Reading the policies again is a documents write (policies.analyze): held back from a viewer. */}
        <RoleGuard capability="documents.write">
          <Button
            onClick={() => void start()}
            data-disabled={busy || undefined}
            aria-disabled={busy}
            leftSection={starting || analysing ? <Loader size={14} color="gray" aria-hidden /> : undefined}
            w={{ base: '100%', xs: 'auto' }}
          >
            Analyze Policies
          </Button>
        </RoleGuard>
      </Group>

      {analyses.isError && (
        <Alert color="red" role="alert" mt="lg" title="Unable to load the analyses">
          {errorMessage(analyses.error, 'Try again in a moment')}
          <Button mt="sm" variant="default" display="block" onClick={() => void analyses.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {showProgress && <AnalysisProgress analyses={analyses.data} showProperty={property === ALL} />}

      <section aria-labelledby="policy-findings-heading">
        <Title order={2} size="h4" mt="xl" id="policy-findings-heading">
          Findings
        </Title>
        <Group mt="sm" gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            aria-label="Search findings"
            placeholder={POLICY_ANALYSIS_MESSAGES.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <TopicSelect
            findings={searchFindings(findings.data ?? [], search)}
            topic={topic}
            onTopic={setTopic}
          />
        </Group>
        <FindingsTabs
          topic={topic}
          findings={findings.data}
          loading={findings.isPending}
          error={findings.isError ? errorMessage(findings.error, POLICY_ANALYSIS_MESSAGES.loadFailed) : null}
          onRetry={() => void findings.refetch()}
          analysed={analyses.data?.some((analysis) => analysis.state === 'done') ?? false}
          search={search}
          tab={tab}
          onTab={setTab}
          showProperty={property === ALL}
        />
      </section>
    </>
  );
}

/**
 * The topic filter: 'All topics', then each topic the findings (after the search) are about, with how
 * many; the topic chosen stays listed even when the search leaves none about it.
 */
export function TopicSelect({
  findings,
  topic,
  onTopic,
}: {
  findings: readonly PolicyFinding[];
  topic: string;
  onTopic: (topic: string) => void;
}) {
  const counts = topicCounts(findings);
  const options = [
    { value: ALL_TOPICS, label: 'All topics' },
    ...counts.map(({ topic: value, count }) => ({ value, label: `${topicLabel(value)} (${count})` })),
  ];
  if (!options.some((option) => option.value === topic)) {
    options.push({ value: topic, label: `${topicLabel(topic)} (0)` });
  }
  return (
    <Select
      label="Topic"
      data={options}
      value={topic}
      onChange={(value) => onTopic(value ?? ALL_TOPICS)}
      allowDeselect={false}
      w={{ base: '100%', xs: 240 }}
    />
  );
}

/** What the list of findings shows besides the findings themselves. */
interface FindingsView {
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** Whether any policy in view has been read (an empty list then means nothing was found). */
  analysed: boolean;
  search: string;
  /** With every property shown: each card says whose policy it is in. */
  showProperty: boolean;
}

/**
 * The tabs All, Evidence, Exclusions, Maintenance, Endorsements with their counts (after the search and
 * the topic); each lists its findings the most severe first, then in clause order.
 */
export function FindingsTabs({
  findings,
  tab,
  onTab,
  topic = ALL_TOPICS,
  ...view
}: FindingsView & {
  findings: readonly PolicyFinding[] | undefined;
  tab: FindingTab;
  onTab: (tab: FindingTab) => void;
  /** A topic tag, or ALL_TOPICS. */
  topic?: string;
}) {
  const searched = sortFindings(findingsOfTopic(searchFindings(findings ?? [], view.search), topic));
  const counts = tabCounts(searched);
  return (
    <Tabs value={tab} onChange={(value) => onTab((value as FindingTab | null) ?? 'all')} mt="md">
      <Tabs.List>
        {FINDING_TABS.map(({ value, label }) => (
          <Tabs.Tab key={value} value={value}>
            {/* The count is part of the tab's name ('Exclusions 11'), as it is of its text. */}
            {label}
            {!view.loading && (
              <>
                {' '}
                <Badge size="sm" variant="light" color={tab === value ? 'blue' : 'gray'} ml={2}>
                  {counts[value]}
                </Badge>
              </>
            )}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {FINDING_TABS.map(({ value }) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {value === tab && (
            <FindingsList
              {...view}
              findings={findings === undefined ? undefined : findingsOfTab(searched, value)}
              total={findings?.length ?? 0}
              tab={value}
              topic={topic}
            />
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function FindingsList({
  findings,
  total,
  tab,
  topic,
  loading,
  error,
  onRetry,
  analysed,
  search,
  showProperty,
}: FindingsView & {
  findings: readonly PolicyFinding[] | undefined;
  /** How many findings there are before the search and the tab. */
  total: number;
  tab: FindingTab;
  topic: string;
}) {
  if (loading) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading findings">
        {[0, 1, 2].map((key) => (
          <Paper key={key} withBorder radius="md" p="md" data-testid="finding-skeleton">
            <Skeleton height={20} width={180} />
            <Skeleton height={16} mt="md" width="60%" />
            <Skeleton height={14} mt="sm" />
            <Skeleton height={48} mt="sm" />
          </Paper>
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert color="red" role="alert" title={POLICY_ANALYSIS_MESSAGES.loadFailed}>
        {error}
        <Button mt="sm" variant="default" display="block" onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (total === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text>{analysed ? POLICY_ANALYSIS_MESSAGES.noneFound : POLICY_ANALYSIS_MESSAGES.empty}</Text>
        {!analysed && (
          <Text size="sm" mt="xs">
            Your properties&apos; vaults are on the <AnchorLink to="/app/properties">Properties</AnchorLink>{' '}
            page; every document is in the <AnchorLink to="/app/vault">Document Vault</AnchorLink>.
          </Text>
        )}
      </Paper>
    );
  }
  if (!findings || findings.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {search.trim()
          ? `No findings match “${search.trim()}”`
          : topic !== ALL_TOPICS
            ? `No findings about ${topicLabel(topic).toLowerCase()} here`
            : EMPTY_TAB_MESSAGES[tab]}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {findings.map((finding) => (
        <FindingCard key={finding.id} finding={finding} showProperty={showProperty} />
      ))}
    </Stack>
  );
}
