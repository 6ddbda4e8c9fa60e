import type { FormQuestion } from '@licensure/contracts';
import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { focusSoon, useBuilder } from './builder-context';
import { ItemButton } from './item-buttons';

/** The choices of a select, multi-select or radio question: add, rename, reorder, remove. */
export function OptionsEditor({
  question,
  errors,
}: {
  question: FormQuestion;
  errors: Record<string, string>;
}) {
  const { dispatch, announce, clearError } = useBuilder();
  const options = question.options;

  const add = () => {
    const optionId = crypto.randomUUID();
    const label = `Option ${options.length + 1}`;
    dispatch({ type: 'addOption', questionId: question.id, optionId, label });
    announce(`${label} added.`);
    focusSoon(`option:${optionId}`);
  };

  const move = (optionId: string, from: number, direction: -1 | 1) => {
    dispatch({ type: 'moveOption', questionId: question.id, optionId, toIndex: from + direction });
    announce(`Option moved to position ${from + direction + 1} of ${options.length}.`);
    focusSoon(`option:${optionId}:${direction < 0 ? 'up' : 'down'}`, [
      `option:${optionId}:${direction < 0 ? 'down' : 'up'}`,
    ]);
  };

  const remove = (optionId: string, index: number, label: string) => {
    const next = options[index + 1] ?? options[index - 1];
    dispatch({ type: 'removeOption', questionId: question.id, optionId });
    announce(`Option “${label}” removed.`);
    focusSoon(next ? `option:${next.id}` : 'option:add');
  };

  return (
    <Fieldset legend="Answers to choose from">
      <Stack gap="sm">
        {options.length === 0 ? <Text size="sm">No answers yet: add at least one.</Text> : null}
        {errors.options ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {errors.options}
          </Text>
        ) : null}
        {options.map((option, index) => (
          <div key={option.id}>
            <TextInput
              label={`Option ${index + 1}`}
              value={option.label}
              data-focus-key={`option:${option.id}`}
              error={errors[`options.${index}.label`]}
              onChange={(event) => {
                dispatch({
                  type: 'renameOption',
                  questionId: question.id,
                  optionId: option.id,
                  label: event.currentTarget.value,
                });
                clearError('question', question.id, `options.${index}.label`);
              }}
            />
            <Group gap={4} mt={4}>
              <ItemButton
                context={`option ${index + 1}`}
                focusKey={`option:${option.id}:up`}
                disabled={index === 0}
                onClick={() => move(option.id, index, -1)}
              >
                Move up
              </ItemButton>
              <ItemButton
                context={`option ${index + 1}`}
                focusKey={`option:${option.id}:down`}
                disabled={index === options.length - 1}
                onClick={() => move(option.id, index, 1)}
              >
                Move down
              </ItemButton>
              <ItemButton
                context={`option ${index + 1}`}
                focusKey={`option:${option.id}:remove`}
                danger
                onClick={() => remove(option.id, index, option.label)}
              >
                Remove
              </ItemButton>
            </Group>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          onClick={add}
          data-focus-key="option:add"
          style={{ alignSelf: 'flex-start' }}
        >
          Add option
        </Button>
      </Stack>
    </Fieldset>
  );
}
