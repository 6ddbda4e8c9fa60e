import { Anchor, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ADMIN_BASE, canOpenAdministration, readableLists } from './administration-access';
import { groupLists } from './list-groups';

/** `/staff/admin`: enterprise settings and every reference list the user may read, grouped and searchable. */
export function AdministrationIndexPage() {
  const { viewer } = useSignedIn();
  const [search, setSearch] = useState('');
  if (!canOpenAdministration(viewer)) return <ForbiddenPage />;
  const groups = groupLists(readableLists(viewer), search);
  const count = groups.reduce((n, g) => n + g.lists.length, 0);

  return (
    <Stack gap="lg">
      <PageHeader title="Administration" description="Settings of the enterprise and the reference lists." />
      {hasPermission(viewer, 'enterprise.read') ? (
        <Stack gap="xs" component="section" aria-labelledby="settings-heading">
          <Title order={2} size="h3" id="settings-heading">
            Settings
          </Title>
          <Anchor component={Link} to={`${ADMIN_BASE}/enterprise`}>
            Enterprise settings
          </Anchor>
        </Stack>
      ) : null}
      <Stack gap="md" component="section" aria-labelledby="lists-heading">
        <Title order={2} size="h3" id="lists-heading">
          Reference lists
        </Title>
        <TextInput
          type="search"
          label="Find a list"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={360}
        />
        <Text role="status" size="sm">
          {search.trim()
            ? `${count} ${count === 1 ? 'list matches' : 'lists match'} “${search.trim()}”.`
            : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {groups.map((group) => (
            <Stack key={group.title} gap="xs">
              <Title order={3} size="h4">
                {group.title}
              </Title>
              <List listStyleType="none" spacing={4}>
                {group.lists.map((spec) => (
                  <List.Item key={spec.key}>
                    <Anchor component={Link} to={`${ADMIN_BASE}/${spec.key}`}>
                      {spec.title}
                    </Anchor>
                    {spec.readOnly ? (
                      <Text span size="sm">
                        {' '}
                        (read-only)
                      </Text>
                    ) : null}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ))}
        </SimpleGrid>
        {count === 0 && search.trim() ? <Text>No list has that name. Try another word.</Text> : null}
      </Stack>
    </Stack>
  );
}
