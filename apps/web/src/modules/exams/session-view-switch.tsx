import { Button } from '@mantine/core';
import { Link } from 'react-router';

const views = [
  { key: 'list', label: 'List', to: '/staff/exams' },
  { key: 'calendar', label: 'Calendar', to: '/staff/exams/sessions/calendar' },
] as const;

/** "List | Calendar": the two views of the exam sessions; the current one is marked for assistive technology too. */
export function SessionViewSwitch({ current }: { current: 'list' | 'calendar' }) {
  return (
    <nav aria-label="Views of the sessions">
      <Button.Group>
        {views.map((v) => (
          <Button
            key={v.key}
            component={Link}
            to={v.to}
            variant={v.key === current ? 'filled' : 'default'}
            aria-current={v.key === current ? 'page' : undefined}
          >
            {v.label}
          </Button>
        ))}
      </Button.Group>
    </nav>
  );
}
