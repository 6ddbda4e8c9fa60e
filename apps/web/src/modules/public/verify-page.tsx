import { type FormEvent, useEffect, useState } from 'react';
import { PlainPageHeader } from '../../platform/plain/plain';
import { useUrlSearchState } from '../../platform/plain/url-search';
import { useFetched } from '../../platform/plain/use-fetched';
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
 *
 * The page a citizen opens on a phone: plain elements and CSS (platform/plain), no component library,
 * router or query library, so that it loads in under 100 KB of JavaScript (bench/bundle-size.ts).
 */
export function VerifyPage() {
  const { params, criteria: values, page, search, goToPage } = useUrlSearchState(fields);
  const token = params.get('token')?.trim() ?? '';
  const criteria: LookupCriteria = { ...values, kind: kindOf(values.type) };
  const hasCriteria =
    criteria.kind === 'service'
      ? !!(criteria.name || criteria.number)
      : !!(criteria.last_name || criteria.first_name || criteria.number);
  const query = useFetched(
    JSON.stringify([criteria, page]),
    (signal) => publicLookup(criteria, page, PAGE_SIZE, signal),
    hasCriteria,
  );

  return (
    <div className="plain-page plain-stack verify-page">
      <PlainPageHeader
        title="Verify a licence"
        description="Check that a person or a service holds a current licence."
      />
      {token ? <SignedCredentialCheck token={token} /> : null}
      <LookupForm criteria={criteria} busy={hasCriteria && query.isFetching} onSearch={search} />
      <VerifyResults hasCriteria={hasCriteria} query={query} page={page} onPage={goToPage} />
      <p className="plain-small verify-printed-on">
        Checked on {new Date().toLocaleString()} at {window.location.href}
      </p>
    </div>
  );
}

type Values = Record<(typeof fields)[number], string>;

function TextField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: keyof Values;
  value: string;
  onChange(event: React.ChangeEvent<HTMLInputElement>): void;
}) {
  const id = `verify-${name}`;
  return (
    <div className="plain-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" autoComplete="off" value={value} onChange={onChange} />
    </div>
  );
}

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
    <div className="plain-paper">
      <form aria-label="Verify a licence" onSubmit={onSubmit} noValidate className="plain-stack">
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
        <div className={`plain-grid ${isService ? 'plain-grid-2' : 'plain-grid-3'}`}>
          {isService ? (
            <TextField label="Service name" name="name" value={values.name} onChange={set('name')} />
          ) : (
            <>
              <TextField
                label="Last name"
                name="last_name"
                value={values.last_name}
                onChange={set('last_name')}
              />
              <TextField
                label="First name"
                name="first_name"
                value={values.first_name}
                onChange={set('first_name')}
              />
            </>
          )}
          <TextField label="Licence number" name="number" value={values.number} onChange={set('number')} />
        </div>
        <p className="plain-small">Names match from their first letters; licence numbers from their start.</p>
        <div className="plain-row">
          <button type="submit" className="plain-button plain-button-primary" aria-busy={busy || undefined}>
            {busy ? <span className="plain-spinner" aria-hidden="true" /> : null}
            Search
          </button>
        </div>
      </form>
    </div>
  );
}
