import type { FormDefinition } from '@licensure/contracts';
import { describe, expect, it } from 'vitest';
import { addGroup, addQuestion, emptyForm, newGroup, newQuestion } from '../draft/form-draft';
import { paletteOf } from '../question-kinds';
import { dragName, dropAction, overText, positionText } from './drop-target';

function counter() {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}

/** One page: group A (a1, a2, a3) and group B (b1). */
function sample() {
  const id = counter();
  let form: FormDefinition = emptyForm(id);
  const page = form.pages[0]!.id;
  const a = form.pages[0]!.groups[0]!.id;
  const b = newGroup('B', id);
  form = addGroup(form, page, b);
  const q = (label: string) => newQuestion('short_text', label, id);
  const [a1, a2, a3, b1] = [q('a1'), q('a2'), q('a3'), q('b1')];
  for (const x of [a1, a2, a3]) form = addQuestion(form, a, x);
  form = addQuestion(form, b.id, b1);
  return { form, id, page, a, b: b.id, a1: a1.id, a2: a2.id, a3: a3.id, b1: b1.id };
}

describe('what a drop does', () => {
  it('reorders within a group as a sorted list does (the dropped question takes the other’s place)', () => {
    const s = sample();
    expect(dropAction(s.form, { type: 'question', id: s.a1 }, { type: 'question', id: s.a3 })).toEqual({
      type: 'moveQuestion',
      questionId: s.a1,
      toGroupId: s.a,
      toIndex: 2,
    });
    expect(dropAction(s.form, { type: 'question', id: s.a3 }, { type: 'question', id: s.a1 })).toMatchObject({
      toIndex: 0,
    });
  });

  it('puts a question before the one it is dropped on in another group, or last at the end of a group', () => {
    const s = sample();
    expect(dropAction(s.form, { type: 'question', id: s.a2 }, { type: 'question', id: s.b1 })).toEqual({
      type: 'moveQuestion',
      questionId: s.a2,
      toGroupId: s.b,
      toIndex: 0,
    });
    expect(
      dropAction(s.form, { type: 'question', id: s.a2 }, { type: 'group-end', groupId: s.b }),
    ).toMatchObject({
      toGroupId: s.b,
      toIndex: 1,
    });
    // At the end of its own group: last, after the others close up.
    expect(
      dropAction(s.form, { type: 'question', id: s.a1 }, { type: 'group-end', groupId: s.a }),
    ).toMatchObject({
      toGroupId: s.a,
      toIndex: 2,
    });
  });

  it('changes nothing for a drop on itself, in its own place, or on nothing', () => {
    const s = sample();
    expect(dropAction(s.form, { type: 'question', id: s.a1 }, { type: 'question', id: s.a1 })).toBeNull();
    expect(
      dropAction(s.form, { type: 'question', id: s.a3 }, { type: 'group-end', groupId: s.a }),
    ).toBeNull();
    expect(dropAction(s.form, { type: 'question', id: s.a1 }, null)).toBeNull();
    expect(dropAction(s.form, { type: 'group', id: s.a }, { type: 'group', id: s.a })).toBeNull();
    expect(dropAction(s.form, { type: 'group', id: s.a }, { type: 'question', id: s.b1 })).toBeNull();
  });

  it('adds a new question from the palette where it is dropped', () => {
    const s = sample();
    const action = dropAction(
      s.form,
      { type: 'palette', kind: 'signature', label: 'Signature' },
      { type: 'question', id: s.a2 },
      () => 'new-id',
    );
    expect(action).toMatchObject({ type: 'addQuestion', groupId: s.a, index: 1 });
    expect(action?.type === 'addQuestion' && action.question).toMatchObject({
      id: 'new-id',
      kind: 'signature',
      label: 'Signature',
    });
    expect(
      dropAction(
        s.form,
        { type: 'palette', kind: 'number', label: 'Number' },
        { type: 'group-end', groupId: s.b },
      ),
    ).toMatchObject({ type: 'addQuestion', groupId: s.b, index: 1 });
  });

  it('moves a group to the place of the group it is dropped on', () => {
    const s = sample();
    expect(dropAction(s.form, { type: 'group', id: s.b }, { type: 'group', id: s.a })).toEqual({
      type: 'moveGroup',
      groupId: s.b,
      toPageId: s.page,
      toIndex: 0,
    });
  });
});

describe('what a drag announces', () => {
  it('names what is dragged and where it is over, in words', () => {
    const s = sample();
    expect(dragName(s.form, { type: 'question', id: s.a2 })).toBe('question “a2”');
    expect(dragName(s.form, { type: 'group', id: s.b })).toBe('group “B”');
    expect(dragName(s.form, { type: 'palette', kind: 'date', label: 'Date' })).toBe('new Date question');
    expect(positionText(s.form, s.a2)).toBe('position 2 of 3 in Group 1');
    const active = { type: 'question', id: s.a1 } as const;
    expect(overText(s.form, active, { type: 'question', id: s.a3 })).toBe(
      'It is over position 3 of 3 in Group 1.',
    );
    expect(overText(s.form, active, { type: 'question', id: s.b1 })).toBe(
      'It is over B, before question “b1”.',
    );
    expect(overText(s.form, active, { type: 'group-end', groupId: s.b })).toBe('It is over the end of B.');
    expect(overText(s.form, active, null)).toBe('It is not over a place where it can be dropped.');
  });
});

describe('the palette', () => {
  it('lists the active question types in their order, one per kind', () => {
    const rows = [
      { label: 'Signature', kind: 'signature', active: true, sort_order: 2 },
      { label: 'Short text', kind: 'short_text', active: true, sort_order: 1 },
      { label: 'Old text', kind: 'short_text', active: true, sort_order: 3 },
      { label: 'Hidden', kind: 'number', active: false, sort_order: 0 },
      { label: 'Unknown', kind: 'video', active: true, sort_order: 0 },
    ];
    expect(paletteOf(rows)).toEqual([
      { kind: 'short_text', label: 'Short text' },
      { kind: 'signature', label: 'Signature' },
    ]);
  });

  it('falls back to every kind under its standard name when there are no question types', () => {
    const items = paletteOf([]);
    expect(items).toHaveLength(16);
    expect(items[0]).toEqual({ kind: 'short_text', label: 'Short text' });
    expect(items.map((i) => i.label)).toContain('File upload');
  });
});
