import type { PasswordRequirements } from '@licensure/contracts';
import { List, PasswordInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../platform/api/client';
import { requiredLabelProps } from '../../../platform/components/required-mark';
import type { FieldErrors } from './account-form';

/** The password rules, as the server publishes them. */
export function usePasswordRequirements() {
  return useQuery({
    queryKey: ['users', 'password-requirements'],
    queryFn: ({ signal }) =>
      api.get<PasswordRequirements>('/api/users/getpasswordrequirements', { signal, skipAuthRedirect: true }),
    staleTime: 60 * 60_000,
  });
}

/** Local checks of a new password and its repetition; the server checks strength and history. */
export function checkNewPassword(password: string, repeat: string, min = 12): FieldErrors {
  const errors: FieldErrors = {};
  if (password.length < min) errors.password = `The password must be at least ${min} characters.`;
  if (repeat !== password) errors.password_repeat = 'The two passwords differ.';
  return errors;
}

interface Props {
  password: string;
  repeat: string;
  errors: FieldErrors;
  onPassword(value: string): void;
  onRepeat(value: string): void;
}

/** A new password, typed twice, with the rules it must meet. */
export function NewPasswordFields({ password, repeat, errors, onPassword, onRepeat }: Props) {
  const rules = usePasswordRequirements().data?.rules ?? [];
  return (
    <>
      <PasswordInput
        label="New password"
        name="password"
        autoComplete="new-password"
        {...requiredLabelProps(true)}
        description="Long is strong: a few unrelated words make a good password."
        value={password}
        error={errors.password}
        onChange={(event) => onPassword(event.currentTarget.value)}
      />
      <PasswordInput
        label="Repeat the new password"
        name="password_repeat"
        autoComplete="new-password"
        {...requiredLabelProps(true)}
        value={repeat}
        error={errors.password_repeat}
        onChange={(event) => onRepeat(event.currentTarget.value)}
      />
      {rules.length > 0 ? (
        <div>
          <Text size="sm" id="password-rules">
            The password:
          </Text>
          <List size="sm" aria-labelledby="password-rules">
            {rules.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
        </div>
      ) : null}
    </>
  );
}
