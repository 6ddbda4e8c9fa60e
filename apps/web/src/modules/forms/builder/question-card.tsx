import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FormQuestion } from '@licensure/contracts';
import { Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { errorsOf } from '../draft/field-errors';
import { conditionsOn, questionName } from '../draft/form-tree';
import { focusSoon, useBuilder } from './builder-context';
import { DragHandle, ItemButton } from './item-buttons';

interface QuestionCardProps {
  question: FormQuestion;
  groupId: string;
  /** Whether the question can go up or down (into the group before or after at the ends). */
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove(direction: -1 | 1): void;
  /** Questions are not drop targets while a group is dragged. */
  dropDisabled: boolean;
}

/** One question in a group: its handle, name, kind and the buttons that move or remove it. */
export function QuestionCard({
  question,
  groupId,
  canMoveUp,
  canMoveDown,
  onMove,
  dropDisabled,
}: QuestionCardProps) {
  const { form, dispatch, selection, select, errors, announce, kindLabel, readOnly } = useBuilder();
  const sortable = useSortable({
    id: question.id,
    data: { type: 'question', id: question.id, groupId },
    disabled: readOnly || { droppable: dropDisabled },
  });
  const name = questionName(question);
  const selected = selection?.kind === 'question' && selection.id === question.id;
  const conditional = conditionsOn(form, question.id).length > 0;
  const hasErrors = Object.keys(errorsOf(errors, 'question', question.id)).length > 0;
  const context = `question ${name}`;

  const remove = () => {
    const place = form.pages.flatMap((p) => p.groups).find((g) => g.id === groupId);
    const index = place?.questions.findIndex((q) => q.id === question.id) ?? -1;
    const next = place?.questions[index + 1] ?? place?.questions[index - 1];
    dispatch({ type: 'removeQuestion', questionId: question.id });
    if (selected) select(null);
    announce(`Question “${name}” removed.`);
    focusSoon(next ? `${next.id}:edit` : `${groupId}:edit`);
  };

  return (
    <li
      ref={sortable.setNodeRef}
      className="fb-card"
      data-selected={selected || undefined}
      data-dragging={sortable.isDragging || undefined}
      data-over={(sortable.isOver && !sortable.isDragging) || undefined}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <Group gap="xs" p="xs" wrap="nowrap" align="flex-start">
        {readOnly ? null : (
          <DragHandle
            label={`Drag ${context}`}
            focusKey={`${question.id}:handle`}
            attributes={sortable.attributes}
            listeners={sortable.listeners}
            setRef={sortable.setActivatorNodeRef}
          />
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <UnstyledButton
            className="fb-title-button"
            data-focus-key={`${question.id}:edit`}
            onClick={() => select({ kind: 'question', id: question.id }, true)}
          >
            <VisuallyHidden>Edit question </VisuallyHidden>
            {name}
          </UnstyledButton>
          <Group gap={6} mt={4}>
            <Badge variant="light" color="gray" tt="none">
              {kindLabel(question.kind)}
            </Badge>
            {question.required ? (
              <Badge variant="light" color="gray" tt="none">
                Required
              </Badge>
            ) : null}
            {conditional ? (
              <Badge variant="light" color="gray" tt="none">
                Shown when conditions are met
              </Badge>
            ) : null}
            {selected ? (
              <Badge variant="filled" tt="none">
                Selected
              </Badge>
            ) : null}
          </Group>
          {hasErrors ? (
            <Text size="sm" c="var(--mantine-color-error)" mt={4}>
              <span aria-hidden="true">⚠ </span>This question has a problem: open it to see.
            </Text>
          ) : null}
          <Group gap={4} mt={4} display={readOnly ? 'none' : undefined}>
            <ItemButton
              context={context}
              focusKey={`${question.id}:up`}
              disabled={!canMoveUp}
              onClick={() => onMove(-1)}
            >
              Move up
            </ItemButton>
            <ItemButton
              context={context}
              focusKey={`${question.id}:down`}
              disabled={!canMoveDown}
              onClick={() => onMove(1)}
            >
              Move down
            </ItemButton>
            <ItemButton context={context} focusKey={`${question.id}:remove`} danger onClick={remove}>
              Remove
            </ItemButton>
          </Group>
        </div>
      </Group>
    </li>
  );
}
