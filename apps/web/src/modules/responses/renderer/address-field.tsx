import type { FormQuestion } from '@licensure/contracts';
import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import { addressParts, addressValueOf, type DraftAnswer, parseAddress } from './answer-state';

interface AddressFieldProps {
  question: FormQuestion;
  value: string | null;
  error?: string;
  disabled?: boolean;
  onChange(patch: Partial<DraftAnswer>): void;
}

/** Street, city, state and ZIP code in one fieldset, stored as one JSON value. */
export function AddressField({ question: q, value, error, disabled, onChange }: AddressFieldProps) {
  const address = parseAddress(value);
  const errorId = `answer-${q.id}-error`;
  const helpId = `answer-${q.id}-help`;
  return (
    <Fieldset
      legend={
        <span data-required-mark={q.required || undefined} className="address-legend">
          {q.label}
        </span>
      }
      variant="unstyled"
      p={0}
      m={0}
      disabled={disabled}
      aria-describedby={
        [q.help_text ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
      }
    >
      {q.help_text ? (
        <Text size="sm" c="dimmed" id={helpId} mb={4}>
          {q.help_text}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {addressParts.map((part, i) => (
          <TextInput
            key={part.key}
            id={i === 0 ? `answer-${q.id}` : `answer-${q.id}-${part.key}`}
            label={part.label}
            autoComplete={part.autoComplete}
            value={address[part.key]}
            aria-invalid={error ? true : undefined}
            maxLength={part.key === 'state' ? 2 : part.key === 'zip' ? 10 : 200}
            onChange={(e) =>
              onChange({ value: addressValueOf({ ...address, [part.key]: e.currentTarget.value }) })
            }
          />
        ))}
      </SimpleGrid>
      {error ? (
        <Text size="sm" c="red.8" id={errorId} mt={4}>
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}
