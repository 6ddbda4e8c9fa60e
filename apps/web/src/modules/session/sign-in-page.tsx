import { loginInput, messages } from '@licensure/contracts';
import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { type FieldErrors, issuesToFieldErrors } from '../../platform/resources/form-values';
import { useSession } from '../../platform/session/session-provider';
import { homePath } from '../../platform/session/shell-state';
import { useEnterpriseLess } from '../../platform/session/use-enterprise-less';
import { afterSignInPath, type SignInProblem, signInProblem } from './sign-in-errors';
import { SingleSignOnLinks } from './single-sign-on-links';

/** `/signin`: user name, password and where to sign in (staff app or applicant portal). */
export function SignInPage() {
  const { shell, signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const enterprise = useEnterpriseLess();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [area, setArea] = useState(searchParams.get('portal') === '1' ? 'portal' : 'staff');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const problemRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const next = searchParams.get('next');

  useEffect(() => {
    if (attempt === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? problemRef.current)?.focus();
  }, [attempt]);

  if (shell?.status === 'signed-in' && !shell.offline && !busy) {
    return <Navigate to={afterSignInPath(homePath(shell.viewer), next)} replace />;
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginInput.safeParse({ user_name: userName, password, isPortal: area === 'portal' });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      setProblem(null);
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      const state = await signIn(parsed.data);
      if (state.status === 'signed-in')
        navigate(afterSignInPath(homePath(state.viewer), next), { replace: true });
    } catch (error) {
      const { fields } = fieldErrorsOf(error, ['user_name', 'password']);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setProblem(signInProblem(error));
      setPassword('');
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const info = enterprise.data;
  return (
    <Stack gap="md" maw={460} mx="auto" mt="lg">
      <PageHeader title="Sign in" description={info ? info.name : undefined} />
      {shell?.status === 'anonymous' && shell.offline ? (
        <Alert color="yellow" title="You are offline" role="status">
          The server cannot be reached. Signing in needs a connection.
        </Alert>
      ) : null}
      {info?.disable_password_login ? (
        <Alert color="blue" title="Single sign-on" role="status">
          {messages.passwordLoginDisabled}
        </Alert>
      ) : null}
      {searchParams.get('error') === 'saml' && !problem ? (
        <Alert color="red" role="alert">
          {messages.samlFailure}
        </Alert>
      ) : null}
      {problem ? (
        <Alert color="red" title={problem.title} ref={problemRef} tabIndex={-1}>
          {problem.message}
          {problem.title === 'Too many attempts' ? (
            <>
              {' '}
              <Anchor component={Link} to="/forgot-password">
                Reset your password
              </Anchor>{' '}
              to sign in at once.
            </>
          ) : null}
        </Alert>
      ) : null}
      <Paper withBorder p="lg" radius="md">
        <form ref={formRef} noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <TextInput
              label="User name"
              name="user_name"
              autoComplete="username"
              {...requiredLabelProps(true)}
              value={userName}
              error={errors.user_name}
              onChange={(event) => setUserName(event.currentTarget.value)}
            />
            <TextInput
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              {...requiredLabelProps(true)}
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Radio.Group label="Sign in to" value={area} onChange={setArea} name="area">
              <Stack gap="xs" mt="xs">
                <Radio value="staff" label="Staff app (regulator staff)" />
                <Radio value="portal" label="Applicant portal (licence holders and applicants)" />
              </Stack>
            </Radio.Group>
            <Button type="submit" loading={busy} fullWidth>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
      <nav aria-label="Account help">
        <Group gap="lg">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password
          </Anchor>
          <Anchor component={Link} to="/forgot-user-name" size="sm">
            Forgot user name
          </Anchor>
          <Anchor component={Link} to="/register" size="sm">
            New applicant? Register
          </Anchor>
        </Group>
      </nav>
      <SingleSignOnLinks isPortal={area === 'portal'} next={next} />
      {info?.login_criteria ? (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Before you sign in">
          <Text size="sm" className="pre-line">
            {info.login_criteria}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}
