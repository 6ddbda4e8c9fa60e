import type { FormDefinition } from '@licensure/contracts';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { forwardRef } from 'react';
import { describeError, type LocatedError } from '../draft/field-errors';

interface SaveErrorsProps {
  /** The form the errors are about (as sent). */
  form: FormDefinition;
  errors: readonly LocatedError[];
  /** A message not tied to a field (a conflict, the server away). */
  message: string | null;
  onGoTo(error: LocatedError): void;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What stopped the save, each problem with a link to the place to fix it. Takes focus when shown. */
export const SaveErrors = forwardRef<HTMLDivElement, SaveErrorsProps>(function SaveErrors(
  { form, errors, message, onGoTo },
  ref,
) {
  if (!message && errors.length === 0) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color="red" title="The form was not saved" role="alert">
      {message ? <Text size="sm">{message}</Text> : null}
      {errors.length > 0 ? (
        <>
          <Text size="sm" mb="xs">
            {errors.length === 1 ? 'Correct this problem:' : `Correct these ${errors.length} problems:`}
          </Text>
          <List size="sm" spacing={4}>
            {errors.map((error) => (
              <List.Item key={`${error.kind}:${error.id}:${error.field}`}>
                <Anchor component="button" type="button" size="sm" onClick={() => onGoTo(error)}>
                  {describeError(form, error)}
                </Anchor>
                : {sentence(error.message)}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
});
