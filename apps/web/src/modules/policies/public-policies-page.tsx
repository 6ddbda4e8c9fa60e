import type { PolicyKind, PublicPolicy } from '@licensure/contracts';
import { Accordion, Anchor, SegmentedControl, Stack, Text, Title, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { policiesApi, policyKeys } from './policies-api';

const kinds = [
  { value: 'all', label: 'All' },
  { value: 'Policy', label: 'Policies' },
  { value: 'Protocol', label: 'Protocols' },
];

/** `/policies`: the published policies and protocols, for anyone, each opening to its text and document. */
export function PublicPoliciesPage() {
  const [kind, setKind] = useState('all');
  const chosen = kind === 'all' ? null : (kind as PolicyKind);
  const list = useQuery({
    queryKey: policyKeys.public(chosen),
    queryFn: () => policiesApi.publicList(chosen),
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Policies and protocols"
        description="The office's published policies and clinical protocols: those in force today, and those published to apply from a later date."
      />
      <SegmentedControl aria-label="Show" data={kinds} value={kind} onChange={setKind} maw={360} />
      {list.isPending ? <LoadingState label="Loading policies…" /> : null}
      {list.isError ? <ErrorState title="The policies could not be loaded" error={list.error} /> : null}
      {list.data?.length === 0 ? <Text>No policies are published.</Text> : null}
      {list.data && list.data.length > 0 ? (
        <>
          <PolicySection title="In force today" policies={list.data.filter((p) => p.in_force)} />
          <PolicySection
            title="Coming into force"
            policies={list.data.filter((p) => !p.in_force)}
            hideWhenEmpty
          />
        </>
      ) : null}
    </Stack>
  );
}

/** One titled list of policies; the upcoming ones say from when they apply. */
function PolicySection({
  title,
  policies,
  hideWhenEmpty = false,
}: {
  title: string;
  policies: PublicPolicy[];
  hideWhenEmpty?: boolean;
}) {
  if (policies.length === 0 && hideWhenEmpty) return null;
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {policies.length === 0 ? <Text>None.</Text> : null}
      {policies.length > 0 ? (
        <Accordion variant="separated" chevronPosition="left">
          {policies.map((p) => (
            <Accordion.Item key={p.id} value={p.id}>
              <Accordion.Control>
                <Text fw={600} component="span">
                  {p.number ? `${p.number} ${p.title}` : p.title}
                </Text>
                <Text size="sm" component="span" display="block">
                  {[
                    p.kind,
                    p.classification,
                    p.effective_date
                      ? `${p.in_force ? 'effective' : 'applies from'} ${p.effective_date}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {p.summary ? <Text>{p.summary}</Text> : null}
                  {p.content ? (
                    <Typography>
                      {/* Stored sanitised by the server (sanitize-html, the editor's formatting only). */}
                      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
                      <div dangerouslySetInnerHTML={{ __html: p.content }} />
                    </Typography>
                  ) : null}
                  {p.document_name ? (
                    <Anchor
                      href={policiesApi.publicDocumentUrl(p.id)}
                    >{`Download ${p.document_name}`}</Anchor>
                  ) : null}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      ) : null}
    </Stack>
  );
}
