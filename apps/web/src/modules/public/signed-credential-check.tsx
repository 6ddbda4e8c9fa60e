import type { CredentialVerification } from '@licensure/contracts';
import { capitalise, formatDate } from '../../platform/display/format';
import { PlainError, PlainLoading } from '../../platform/plain/plain';
import { useFetched } from '../../platform/plain/use-fetched';
import { verifySignedCredential } from './signed-credential-api';

type Verdict = CredentialVerification['verdict'];

/** What each verdict means, in words (the colour only repeats it). */
const explanations: Record<Verdict, string> = {
  valid: 'The card’s signature is genuine and the credential is active on record today.',
  suspended:
    'The card’s signature is genuine, but the credential has been suspended since. It is not valid for practice.',
  revoked:
    'The card’s signature is genuine, but the credential has been revoked since. It is not valid for practice.',
  expired: 'The card’s signature is genuine, but the credential has expired.',
  inactive: 'The card’s signature is genuine, but the credential is inactive on record today.',
  not_valid: 'This card’s statement could not be confirmed.',
};

function Facts({ result }: { result: CredentialVerification }) {
  const s = result.statement;
  if (!s) return null;
  const facts: [string, string | null][] = [
    ['Holder', s.name],
    ['Licence', s.title],
    ['Level', s.level],
    ['Licence number', s.sub],
    ['Status on the card', capitalise(s.status)],
    ['Status on record today', result.live?.status_label ?? null],
    ['Issued', s.issue_date ? formatDate(s.issue_date) : null],
    ['Expires', s.expiration_date ? formatDate(s.expiration_date) : null],
    ['Issued by', s.iss_name],
  ];
  return (
    <dl className="verify-facts" aria-label="Signed details">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * `/verify?token=…` (a card's QR code): the signed statement checked by the server against the office's
 * published keys, and the credential's status on record now. Anyone can make the same signature check
 * offline with the published keys (docs/verifying-credentials.md).
 */
export function SignedCredentialCheck({ token }: { token: string }) {
  // Plain loading, not TanStack Query: the verification page loads no query library.
  const query = useFetched(token, (signal) => verifySignedCredential(token, signal));
  const result = query.data;
  const ok = result?.verdict === 'valid';
  const verdict = !result
    ? ''
    : ok
      ? 'Valid'
      : result.verdict === 'not_valid'
        ? 'This card is not valid'
        : `Not valid: ${result.verdict_label}`;
  return (
    <section
      aria-labelledby="signed-credential-title"
      className={`plain-paper ${result ? (ok ? 'verify-signed-valid' : 'verify-signed-refused') : ''}`}
    >
      <div className="plain-stack-sm">
        <h2 id="signed-credential-title">Licence card check</h2>
        {query.isPending ? <PlainLoading label="Checking the card’s signature…" /> : null}
        {query.isError ? (
          <PlainError error={query.error} title="The check failed" onRetry={query.refetch} />
        ) : null}
        {result ? (
          <>
            <p role="status" className="verify-verdict">
              <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
              {verdict}
            </p>
            <p>{explanations[result.verdict]}</p>
            {result.problem_message ? <p>{result.problem_message}</p> : null}
            <Facts result={result} />
          </>
        ) : null}
      </div>
    </section>
  );
}
