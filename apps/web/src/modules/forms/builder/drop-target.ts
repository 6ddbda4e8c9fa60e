// What a drag ends in: the pure part of drag and drop, kept apart from dnd-kit so it can be tested.
import type { FormDefinition, QuestionKind } from '@licensure/contracts';
import type { DraftAction } from '../draft/draft-reducer';
import { newQuestion } from '../draft/form-draft';
import { findGroup, findQuestion, groupName, questionName } from '../draft/form-tree';

/** What is dragged: a palette item (a new question), a question or a group. */
export type DragData =
  | { type: 'palette'; kind: QuestionKind; label: string }
  | { type: 'question'; id: string }
  | { type: 'group'; id: string };

/** Where it can be dropped: on a question (before it), at the end of a group's list, or on a group. */
export type DropData =
  | { type: 'question'; id: string }
  | { type: 'group-end'; groupId: string }
  | { type: 'group'; id: string };

export const paletteDragId = (kind: string) => `palette:${kind}`;
export const groupEndId = (groupId: string) => `end:${groupId}`;

/** Where a question or new question lands: the group and the index in it. */
export function landingOf(form: FormDefinition, over: DropData): { groupId: string; index: number } | null {
  if (over.type === 'group-end') {
    const group = findGroup(form, over.groupId);
    return group ? { groupId: group.group.id, index: group.group.questions.length } : null;
  }
  if (over.type === 'question') {
    const place = findQuestion(form, over.id);
    return place ? { groupId: place.group.id, index: place.index } : null;
  }
  return null;
}

/**
 * The edit a drop makes, or null when it changes nothing. A question dropped on another question takes
 * that question's place (in its own group the others shift, as in a sorted list; in another group it
 * goes before it); dropped at the end of a group it goes last. A group dropped on a group takes its place.
 */
export function dropAction(
  form: FormDefinition,
  active: DragData,
  over: DropData | null,
  newId?: () => string,
): DraftAction | null {
  if (!over) return null;
  if (active.type === 'group') {
    if (over.type !== 'group' || over.id === active.id) return null;
    const from = findGroup(form, active.id);
    const to = findGroup(form, over.id);
    if (!from || !to) return null;
    return { type: 'moveGroup', groupId: active.id, toPageId: to.page.id, toIndex: to.index };
  }
  const landing = landingOf(form, over);
  if (!landing) return null;
  if (active.type === 'palette') {
    const question = newQuestion(active.kind, active.label, newId);
    return { type: 'addQuestion', groupId: landing.groupId, question, index: landing.index };
  }
  const from = findQuestion(form, active.id);
  if (!from || (over.type === 'question' && over.id === active.id)) return null;
  let index = landing.index;
  // At the end of its own group, the question's leaving shortens the list by one.
  if (over.type === 'group-end' && landing.groupId === from.group.id) index -= 1;
  if (landing.groupId === from.group.id && index === from.index) return null;
  return { type: 'moveQuestion', questionId: active.id, toGroupId: landing.groupId, toIndex: index };
}

/** "position 2 of 4 in Group 1", for announcements. */
export function positionText(form: FormDefinition, questionId: string): string {
  const place = findQuestion(form, questionId);
  if (!place) return '';
  return `position ${place.index + 1} of ${place.group.questions.length} in ${groupName(place.group, place.groupIndex)}`;
}

/** The name of what is dragged, in words: "question “Name”", "group “Contact”", "new Short text question". */
export function dragName(form: FormDefinition, data: DragData): string {
  if (data.type === 'palette') return `new ${data.label} question`;
  if (data.type === 'question') {
    const place = findQuestion(form, data.id);
    return place ? `question “${questionName(place.question)}”` : 'question';
  }
  const place = findGroup(form, data.id);
  return place ? `group “${groupName(place.group, place.index)}”` : 'group';
}

/** Where a drop would land, in words. */
export function overText(form: FormDefinition, active: DragData, over: DropData | null): string {
  if (!over) return 'It is not over a place where it can be dropped.';
  if (over.type === 'group') {
    const place = findGroup(form, over.id);
    return place ? `It is over position ${place.index + 1} of ${place.page.groups.length} groups.` : '';
  }
  if (over.type === 'group-end') {
    const place = findGroup(form, over.groupId);
    return place ? `It is over the end of ${groupName(place.group, place.index)}.` : '';
  }
  const place = findQuestion(form, over.id);
  if (!place) return '';
  const ownGroup = active.type === 'question' && findQuestion(form, active.id)?.group.id === place.group.id;
  return ownGroup
    ? `It is over ${positionText(form, over.id)}.`
    : `It is over ${groupName(place.group, place.groupIndex)}, before question “${questionName(place.question)}”.`;
}
