import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { useSearchState } from '../../platform/list/search-state';
import { type LookupCriteria, type LookupKind, publicLookup } from './public-lookup-api';
import { SignedCredentialCheck } from './signed-credential-check';
import { VerifyResults } from './verify-results';
import './verify.css';

const PAGE_SIZE = 25;
const fields = ['type', 'last_name', 'first_name', 'name', 'number'] as const;

const kindOf = (type: string): LookupKind => (type === 'service' ? 'service' : 'person');

/**
 * `/verify`: anyone may check a person's or a service's licence. The criteria live in the address, so a
 * QR code on a licence card can link to `/verify?number=EMT-000123` and the search runs at once. A card's
 * QR code carries its signed statement (`/verify?token=…`), checked first with the live status.
 */
export function VerifyPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const { criteria: params, page, search, goToPage } = useSearchState(fields);
  const criteria: LookupCriteria = { ...params, kind: kindOf(params.type) };
  const hasCriteria =
    criteria.kind === 'service'
      ? !!(criteria.name || criteria.number)
      : !!(criteria.last_name || criteria.first_name || criteria.number);
  const query = useQuery({
    queryKey: ['public', 'lookup', criteria, page],
    queryFn: ({ signal }) => publicLookup(criteria, page, PAGE_SIZE, signal),
    enabled: hasCriteria,
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md" className="verify-page">
      <PageHeader
        title="Verify a licence"
        description="Check that a person or a service holds a current licence."
      />
      {token ? <SignedCredentialCheck token={token} /> : null}
      <LookupForm criteria={criteria} busy={hasCriteria && query.isFetching} onSearch={search} />
      <VerifyResults hasCriteria={hasCriteria} query={query} page={page} onPage={goToPage} />
      <Text size="sm" className="verify-printed-on">
        Checked on {new Date().toLocaleString()} at {window.location.href}
      </Text>
    </Stack>
  );
}

type Values = Record<(typeof fields)[number], string>;

function LookupForm({
  criteria,
  busy,
  onSearch,
}: {
  criteria: LookupCriteria;
  busy: boolean;
  onSearch(values: Values): void;
}) {
  const toValues = (c: LookupCriteria): Values => ({
    type: c.kind,
    last_name: c.last_name,
    first_name: c.first_name,
    name: c.name,
    number: c.number,
  });
  const [values, setValues] = useState<Values>(() => toValues(criteria));
  const key = JSON.stringify(criteria);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised criteria stand for the object
  useEffect(() => setValues(toValues(criteria)), [key]);
  const set = (name: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((old) => ({ ...old, [name]: value }));
  };
  const isService = values.type === 'service';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Only the fields of the chosen kind go into the address.
    onSearch(
      isService
        ? { ...values, type: 'service', last_name: '', first_name: '' }
        : { ...values, type: '', name: '' },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form aria-label="Verify a licence" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {/* Native radio buttons: the page's JavaScript budget has no room for Mantine's Radio. */}
          <fieldset className="verify-kind">
            <legend>Look up</legend>
            {(
              [
                ['person', 'A person'],
                ['service', 'A service (agency)'],
              ] as const
            ).map(([type, label]) => (
              <label key={type}>
                <input
                  type="radio"
                  name="type"
                  value={type}
                  checked={(isService ? 'service' : 'person') === type}
                  onChange={() => setValues((old) => ({ ...old, type }))}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <SimpleGrid cols={{ base: 1, sm: isService ? 2 : 3 }} spacing="md">
            {isService ? (
              <TextInput label="Service name" name="name" value={values.name} onChange={set('name')} />
            ) : (
              <>
                <TextInput
                  label="Last name"
                  name="last_name"
                  autoComplete="off"
                  value={values.last_name}
                  onChange={set('last_name')}
                />
                <TextInput
                  label="First name"
                  name="first_name"
                  autoComplete="off"
                  value={values.first_name}
                  onChange={set('first_name')}
                />
              </>
            )}
            <TextInput
              label="Licence number"
              name="number"
              autoComplete="off"
              value={values.number}
              onChange={set('number')}
            />
          </SimpleGrid>
          <Text size="sm">Names match from their first letters; licence numbers from their start.</Text>
          <Group gap="sm">
            <Button type="submit" loading={busy}>
              Search
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
