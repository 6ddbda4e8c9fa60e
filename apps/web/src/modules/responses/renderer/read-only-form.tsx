import { visibleItems } from '@licensure/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { DraftAnswers } from './answer-state';
import { AnswerText } from './read-only-answer';
import type { RenderableForm } from './renderer-types';

interface ReadOnlyFormProps {
  form: RenderableForm;
  answers: DraftAnswers;
  staff?: boolean;
  documentHref?: (documentId: string) => string;
}

/** Every page of a response at once, each question with its answer; hidden conditional parts left out. */
export function ReadOnlyForm({ form, answers, staff, documentHref }: ReadOnlyFormProps) {
  const shown = visibleItems(form, answers, { includeSpotCheck: staff });
  return (
    <Stack gap="lg" className="form-renderer form-renderer-read">
      {form.pages.map((page) => {
        const groups = page.groups.filter((g) => shown.groups.has(g.id));
        return (
          <Stack key={page.id} gap="md" component="section" aria-labelledby={`page-${page.id}`}>
            <Title order={2} id={`page-${page.id}`}>
              {page.title}
            </Title>
            {groups.length === 0 ? <Text c="dimmed">Nothing was asked on this page.</Text> : null}
            {groups.map((g) => (
              <Paper
                key={g.id}
                withBorder
                p="md"
                radius="md"
                component="section"
                aria-labelledby={g.title ? `group-${g.id}` : undefined}
                aria-label={g.title ? undefined : 'Answers'}
              >
                {g.title ? (
                  <Title order={3} size="h4" id={`group-${g.id}`} mb="sm">
                    {g.title}
                  </Title>
                ) : null}
                <dl className="read-only-answers">
                  {g.questions
                    .filter((q) => shown.questions.has(q.id))
                    .map((q) =>
                      q.kind === 'instructions' ? (
                        <div key={q.id} className="read-only-instructions">
                          <dt>{q.label}</dt>
                          <dd>{q.help_text ?? ''}</dd>
                        </div>
                      ) : (
                        <div key={q.id}>
                          <dt>{q.label}</dt>
                          <dd>
                            <AnswerText question={q} answer={answers.get(q.id)} documentHref={documentHref} />
                          </dd>
                        </div>
                      ),
                    )}
                </dl>
              </Paper>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
