import { describe, expect, it } from 'vitest';
import { shiftTime } from './scheduled-tasks';
import { type ChainLink, planTriggerChain, type TriggerAction, triggerAction } from './triggers';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const alert = (value: string, next?: string): TriggerAction => ({
  kind: 'createAlert',
  alert_type_id: C,
  value,
  next_trigger_id: next ?? null,
});

function graph(links: Record<string, ChainLink[]>) {
  return (id: string) => links[id] ?? [];
}

describe('planTriggerChain', () => {
  it('runs the actions in order, then the next trigger after the action that names it', () => {
    const links = graph({
      [A]: [{ trigger_id: A, actions: [alert('a1', B), alert('a2')] }],
      [B]: [{ trigger_id: B, actions: [alert('b1')] }],
    });
    const plan = planTriggerChain({ trigger_id: A, links: links(A) }, links);
    expect(plan.infiniteFound).toBe(false);
    expect(plan.steps.map((s) => [s.trigger_id, (s.action as { value: string }).value])).toEqual([
      [A, 'a1'],
      [B, 'b1'],
      [A, 'a2'],
    ]);
    expect(plan.steps.map((s) => s.index)).toEqual([0, 1, 2]);
  });

  it('a chain that comes back to a trigger on the same object is a loop: infiniteFound, no actions', () => {
    const links = graph({
      [A]: [{ trigger_id: A, actions: [alert('a', B)] }],
      [B]: [{ trigger_id: B, actions: [alert('b', C)] }],
      [C]: [{ trigger_id: C, actions: [alert('c', A)] }],
    });
    const plan = planTriggerChain({ trigger_id: A, links: links(A) }, links, 'req-1');
    expect(plan).toEqual({ steps: [], infiniteFound: true, loopAt: A });
  });

  it('a trigger that names itself is a loop', () => {
    const links = graph({ [A]: [{ trigger_id: A, actions: [alert('a', A)] }] });
    expect(planTriggerChain({ trigger_id: A, links: links(A) }, links).infiniteFound).toBe(true);
  });

  it('removed configuration triggers run nothing and lead nowhere', () => {
    const links = graph({
      [A]: [{ trigger_id: A, actions: [alert('a', B)] }],
      [B]: [{ trigger_id: B, removed: true, actions: [alert('b', A)] }],
    });
    const plan = planTriggerChain({ trigger_id: A, links: links(A) }, links);
    expect(plan.infiniteFound).toBe(false);
    expect(plan.steps).toHaveLength(1);
  });

  it('an empty configuration plans nothing and is no loop', () => {
    expect(planTriggerChain({ trigger_id: A, links: [] }, graph({}))).toEqual({
      steps: [],
      infiniteFound: false,
      loopAt: null,
    });
  });
});

describe('triggerAction', () => {
  it('accepts every kind with its target and refuses a kind it does not know', () => {
    expect(triggerAction.safeParse({ kind: 'userStatus', user_status_id: A }).success).toBe(true);
    expect(triggerAction.safeParse({ kind: 'policyStatus', policy_status_id: A }).success).toBe(true);
    expect(triggerAction.safeParse({ kind: 'userStatus' }).success).toBe(false);
    expect(triggerAction.safeParse({ kind: 'explode' }).success).toBe(false);
  });
});

describe('shiftTime', () => {
  it('subtracts hours wrapping round midnight and answers HH:MM:SS', () => {
    expect(shiftTime('12:00:00', -5)).toBe('07:00:00');
    expect(shiftTime('02:30', -5)).toBe('21:30:00');
    expect(shiftTime('23:15:09', 2)).toBe('01:15:09');
  });
});
