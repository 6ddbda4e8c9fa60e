import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FormPage } from '@licensure/contracts';
import { Button, Grid, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { newGroup, newQuestion } from '../draft/form-draft';
import { findGroup, findQuestion, groupName } from '../draft/form-tree';
import type { PaletteItem } from '../question-kinds';
import { focusSoon, useBuilder } from './builder-context';
import { type DragData, type DropData, dragName, dropAction, overText, positionText } from './drop-target';
import { GroupCard } from './group-card';
import { Palette } from './palette';
import { PropertiesPanel } from './properties-panel';

type DragKind = DragData['type'];

const dataOf = (value: unknown) => value as DragData | undefined;
const dropOf = (value: unknown) => value as DropData | undefined;

/** Whether something dragged may land on a droppable: groups on groups, questions on questions or lists. */
function accepts(active: DragData['type'] | undefined, drop: DropData['type'] | undefined): boolean {
  if (active === 'group') return drop === 'group';
  return drop === 'question' || drop === 'group-end';
}

/**
 * Questions land on a question under the pointer (or the keyboard's rectangle), else at the end of the
 * group's list; groups land on groups. Droppables of the other kind are left out even before the
 * render that disables them, so that a quick key press cannot land a group on a question.
 */
const collisionDetection: CollisionDetection = (all) => {
  const type = dataOf(all.active.data.current)?.type;
  const args = {
    ...all,
    droppableContainers: all.droppableContainers.filter((c) => accepts(type, dropOf(c.data.current)?.type)),
  };
  if (type === 'group') return closestCenter(args);
  const hits = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  const isQuestion = (id: string | number) =>
    dropOf(args.droppableContainers.find((c) => c.id === id)?.data.current)?.type === 'question';
  const question = hits.find((h) => isQuestion(h.id));
  if (question) return [question];
  if (hits.length > 0) return hits.slice(0, 1);
  return closestCenter(args);
};

/** The arrow keys move among the places the dragged item may land (see `accepts`). */
const coordinateGetter: KeyboardCoordinateGetter = (event, args) => {
  const type = dataOf(args.context.active?.data.current)?.type;
  const all = args.context.droppableContainers;
  const fitting = {
    getEnabled: () => all.getEnabled().filter((c) => accepts(type, dropOf(c.data.current)?.type)),
    get: (id: UniqueIdentifier | null | undefined) => all.get(id),
  } as unknown as typeof all; // sortableKeyboardCoordinates reads only these two methods of the map.
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers: fitting },
  });
};

const instructions =
  'To move a group or question, press Space or Enter on its drag button, then use the arrow keys. ' +
  'Press Space or Enter again to drop it in its new place, or Escape to cancel.';

interface BuildAreaProps {
  page: FormPage;
  palette: readonly PaletteItem[];
  paletteLoading: boolean;
}

/** The palette, the page's groups and questions, and the properties of what is selected. */
export function BuildArea({ page, palette, paletteLoading }: BuildAreaProps) {
  const { form, dispatch, selection, select, announce, readOnly } = useBuilder();
  const [dragging, setDragging] = useState<{ kind: DragKind; name: string } | null>(null);
  // Announcements are read after the state changed; they read the form through this ref.
  const formRef = useRef(form);
  formRef.current = form;
  // Where the last announcement said the item was: the first "over" of a drag is its own place.
  const lastOver = useRef<string | number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  // Where the Add buttons put a question: after the selected question, into the selected group, or last group.
  const selectedQuestion = selection?.kind === 'question' ? findQuestion(form, selection.id) : null;
  const selectedGroup = selection?.kind === 'group' ? findGroup(form, selection.id) : null;
  const target =
    selectedQuestion?.page.id === page.id
      ? { group: selectedQuestion.group, index: selectedQuestion.index + 1 }
      : selectedGroup?.page.id === page.id
        ? { group: selectedGroup.group, index: undefined }
        : page.groups.length > 0
          ? { group: page.groups[page.groups.length - 1]!, index: undefined }
          : null;
  const targetName = target ? groupName(target.group, page.groups.indexOf(target.group)) : null;

  const addFromPalette = (item: PaletteItem) => {
    const question = newQuestion(item.kind, item.label);
    let groupId = target?.group.id;
    if (!groupId) {
      const group = newGroup('Group 1');
      dispatch({ type: 'addGroup', pageId: page.id, group });
      groupId = group.id;
    }
    dispatch({ type: 'addQuestion', groupId, question, index: target?.index });
    announce(`${item.label} question added to ${targetName ?? 'a new group'}. Its properties are open.`);
    select({ kind: 'question', id: question.id }, true);
  };

  const addGroup = () => {
    const group = newGroup(`Group ${page.groups.length + 1}`);
    dispatch({ type: 'addGroup', pageId: page.id, group });
    announce(`${group.title} added to page “${page.title}”. Its properties are open.`);
    select({ kind: 'group', id: group.id }, true);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      const data = dataOf(active.data.current);
      if (!data) return undefined;
      const where = data.type === 'question' ? ` It is at ${positionText(formRef.current, data.id)}.` : '';
      return `Picked up ${dragName(formRef.current, data)}.${where}`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      const data = dataOf(active.data.current);
      return data ? overText(formRef.current, data, dropOf(over?.data.current) ?? null) : undefined;
    },
    onDragEnd: ({ active, over }) => {
      const data = dataOf(active.data.current);
      if (!data) return undefined;
      if (!over)
        return `${capital(dragName(formRef.current, data))} was dropped where it cannot go; nothing changed.`;
      return undefined; // The drop itself announces where the item went (see onDragEnd below).
    },
    onDragCancel: ({ active }) => {
      const data = dataOf(active.data.current);
      return data ? `Moving ${dragName(formRef.current, data)} was cancelled; nothing changed.` : undefined;
    },
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = dataOf(active.data.current);
    if (data) setDragging({ kind: data.type, name: capital(dragName(form, data)) });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const data = dataOf(active.data.current);
    if (!data) return;
    const action = dropAction(form, data, dropOf(over?.data.current) ?? null);
    if (!action) return;
    dispatch(action);
    if (action.type === 'addQuestion') {
      announce(
        `${data.type === 'palette' ? data.label : 'The'} question was added. Its properties are open.`,
      );
      select({ kind: 'question', id: action.question.id }, false);
    } else if (action.type === 'moveQuestion') {
      // The announcement needs the form after the move; the next frame has it.
      requestAnimationFrame(() =>
        announce(
          `${capital(dragName(formRef.current, data))} is now at ${positionText(formRef.current, action.questionId)}.`,
        ),
      );
      focusSoon(`${action.questionId}:handle`);
    } else if (action.type === 'moveGroup') {
      announce(
        `${capital(dragName(form, data))} is now at position ${action.toIndex + 1} of ${page.groups.length}.`,
      );
      focusSoon(`${action.groupId}:handle`);
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <Grid gap="lg">
        {readOnly ? null : (
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Palette
              items={palette}
              loading={paletteLoading}
              targetName={targetName}
              onAdd={addFromPalette}
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: readOnly ? 7 : 5 }}>
          <Stack gap="md" component="section" aria-label={`Groups of page ${page.title}`}>
            {page.groups.length === 0 ? (
              <Text c="dimmed">This page has no groups yet. Add a group, then add questions to it.</Text>
            ) : null}
            <SortableContext items={page.groups.map((g) => g.id)} strategy={verticalListSortingStrategy}>
              <ul className="fb-group-list">
                {page.groups.map((group, index) => (
                  <GroupCard
                    key={group.id}
                    group={group}
                    index={index}
                    siblings={page.groups}
                    pageId={page.id}
                    dragging={dragging?.kind ?? null}
                  />
                ))}
              </ul>
            </SortableContext>
            {readOnly ? null : (
              <Button
                variant="outline"
                onClick={addGroup}
                data-focus-key="add-group"
                style={{ alignSelf: 'flex-start' }}
              >
                Add group
              </Button>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: readOnly ? 5 : 4 }}>
          <PropertiesPanel />
        </Grid.Col>
      </Grid>
      <DragOverlay>{dragging ? <div className="fb-overlay">{dragging.name}</div> : null}</DragOverlay>
    </DndContext>
  );
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
