import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FormGroup } from '@licensure/contracts';
import { Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { errorsOf } from '../draft/field-errors';
import { conditionsOn, groupName } from '../draft/form-tree';
import { focusSoon, useBuilder } from './builder-context';
import { ConfirmDialog } from './confirm-dialog';
import { groupEndId } from './drop-target';
import { DragHandle, ItemButton } from './item-buttons';
import { QuestionCard } from './question-card';

interface GroupCardProps {
  group: FormGroup;
  index: number;
  /** The groups of the page, to move questions across at the ends of a group. */
  siblings: readonly FormGroup[];
  pageId: string;
  dragging: 'palette' | 'question' | 'group' | null;
}

const populateLabels = { user: 'person', service: 'service', vehicle: 'vehicle' } as const;

/** A group of a page: its handle and title, its questions (a sortable list and a drop zone), its buttons. */
export function GroupCard({ group, index, siblings, pageId, dragging }: GroupCardProps) {
  const { form, dispatch, selection, select, errors, announce, readOnly } = useBuilder();
  const [confirming, setConfirming] = useState(false);
  const sortable = useSortable({
    id: group.id,
    data: { type: 'group', id: group.id },
    disabled: readOnly || { droppable: dragging !== null && dragging !== 'group' },
  });
  const end = useDroppable({
    id: groupEndId(group.id),
    data: { type: 'group-end', groupId: group.id },
    disabled: dragging === 'group',
  });
  const name = groupName(group, index);
  const context = `group ${name}`;
  const selected = selection?.kind === 'group' && selection.id === group.id;
  const conditional = conditionsOn(form, group.id).length > 0;
  const hasErrors = Object.keys(errorsOf(errors, 'group', group.id)).length > 0;

  const moveGroup = (direction: -1 | 1) => {
    const to = index + direction;
    dispatch({ type: 'moveGroup', groupId: group.id, toPageId: pageId, toIndex: to });
    announce(`Group “${name}” moved to position ${to + 1} of ${siblings.length}.`);
    focusSoon(`${group.id}:${direction < 0 ? 'up' : 'down'}`, [
      `${group.id}:${direction < 0 ? 'down' : 'up'}`,
    ]);
  };

  const moveQuestion = (questionId: string, at: number, direction: -1 | 1) => {
    const question = group.questions[at];
    if (!question) return;
    let toGroup = group;
    let toIndex = at + direction;
    // Past the end of its group a question goes on into the next group (or the previous one).
    if (toIndex < 0 || toIndex >= group.questions.length) {
      const neighbour = siblings[index + direction];
      if (!neighbour) return;
      toGroup = neighbour;
      toIndex = direction < 0 ? neighbour.questions.length : 0;
    }
    dispatch({ type: 'moveQuestion', questionId, toGroupId: toGroup.id, toIndex });
    const total = toGroup.id === group.id ? group.questions.length : toGroup.questions.length + 1;
    announce(
      `Question “${question.label}” moved to position ${toIndex + 1} of ${total} in ${groupName(toGroup, siblings.indexOf(toGroup))}.`,
    );
    focusSoon(`${questionId}:${direction < 0 ? 'up' : 'down'}`, [
      `${questionId}:${direction < 0 ? 'down' : 'up'}`,
      `${questionId}:edit`,
    ]);
  };

  const remove = () => {
    const next = siblings[index + 1] ?? siblings[index - 1];
    dispatch({ type: 'removeGroup', groupId: group.id });
    if (selected || group.questions.some((q) => selection?.id === q.id)) select(null);
    setConfirming(false);
    announce(`Group “${name}” removed.`);
    focusSoon(next ? `${next.id}:edit` : 'add-group');
  };

  const questionsLabelId = `fb-group-${group.id}-questions`;
  return (
    <li
      ref={sortable.setNodeRef}
      className="fb-card"
      data-selected={selected || undefined}
      data-dragging={sortable.isDragging || undefined}
      data-over={(sortable.isOver && !sortable.isDragging) || undefined}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <Group gap="xs" p="sm" wrap="nowrap" align="flex-start">
        {readOnly ? null : (
          <DragHandle
            label={`Drag ${context}`}
            focusKey={`${group.id}:handle`}
            attributes={sortable.attributes}
            listeners={sortable.listeners}
            setRef={sortable.setActivatorNodeRef}
          />
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <h3 style={{ margin: 0, fontSize: 'var(--mantine-font-size-lg)' }}>
            <UnstyledButton
              className="fb-title-button"
              data-focus-key={`${group.id}:edit`}
              onClick={() => select({ kind: 'group', id: group.id }, true)}
            >
              <VisuallyHidden>Edit group </VisuallyHidden>
              {name}
            </UnstyledButton>
          </h3>
          <Group gap={6} mt={4}>
            {group.spot_check ? (
              <Badge variant="light" color="gray" tt="none">
                Spot check (staff only)
              </Badge>
            ) : null}
            {conditional ? (
              <Badge variant="light" color="gray" tt="none">
                Shown when conditions are met
              </Badge>
            ) : null}
            {group.populate_entity ? (
              <Badge variant="light" color="gray" tt="none">
                Filled from the {populateLabels[group.populate_entity]}
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
              <span aria-hidden="true">⚠ </span>This group has a problem: open it to see.
            </Text>
          ) : null}
          <Group gap={4} mt={4} display={readOnly ? 'none' : undefined}>
            <ItemButton
              context={context}
              focusKey={`${group.id}:up`}
              disabled={index === 0}
              onClick={() => moveGroup(-1)}
            >
              Move up
            </ItemButton>
            <ItemButton
              context={context}
              focusKey={`${group.id}:down`}
              disabled={index === siblings.length - 1}
              onClick={() => moveGroup(1)}
            >
              Move down
            </ItemButton>
            <ItemButton
              context={context}
              focusKey={`${group.id}:remove`}
              danger
              onClick={() => (group.questions.length > 0 ? setConfirming(true) : remove())}
            >
              Remove
            </ItemButton>
          </Group>
        </div>
      </Group>
      <div style={{ padding: '0 var(--mantine-spacing-sm) var(--mantine-spacing-xs)' }}>
        <VisuallyHidden id={questionsLabelId}>Questions of {name}</VisuallyHidden>
        <SortableContext items={group.questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
          <ul
            ref={end.setNodeRef}
            className="fb-question-list"
            aria-labelledby={questionsLabelId}
            data-over={(end.isOver && dragging !== 'group') || undefined}
          >
            {group.questions.map((question, at) => (
              <QuestionCard
                key={question.id}
                question={question}
                groupId={group.id}
                canMoveUp={at > 0 || index > 0}
                canMoveDown={at < group.questions.length - 1 || index < siblings.length - 1}
                onMove={(direction) => moveQuestion(question.id, at, direction)}
                dropDisabled={dragging === 'group'}
              />
            ))}
            {group.questions.length === 0 ? (
              <li>
                <Text size="sm" c="dimmed" p="xs">
                  No questions yet. Drag a question type here, or edit this group and use an Add button.
                </Text>
              </li>
            ) : null}
          </ul>
        </SortableContext>
      </div>
      <ConfirmDialog
        opened={confirming}
        title="Remove this group?"
        confirmLabel="Remove group"
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      >
        “{name}” and its {group.questions.length === 1 ? 'question' : `${group.questions.length} questions`}{' '}
        will be removed from the form, with the conditions that depend on them. Nothing is saved until you
        press Save.
      </ConfirmDialog>
    </li>
  );
}
