import { Alert, Anchor, List, Text } from '@mantine/core';
import { forwardRef } from 'react';

export interface SummaryItem {
  /** The question the problem is about (a link moves to it), or null for a problem of the whole form. */
  questionId: string | null;
  label: string;
  message: string;
}

interface ErrorSummaryProps {
  items: readonly SummaryItem[];
  onGoTo(questionId: string): void;
}

/** The problems of a save, at the top of the form, each linking to its question. Receives focus when shown. */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { items, onGoTo },
  ref,
) {
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="red"
      variant="outline"
      title="Some answers need attention"
      className="form-error-summary"
    >
      <Text size="sm" mb={4}>
        {items.length === 1 ? 'There is 1 problem:' : `There are ${items.length} problems:`}
      </Text>
      <List size="sm" spacing={4}>
        {items.map((item) => (
          <List.Item key={`${item.questionId ?? ''}:${item.message}`}>
            {item.questionId ? (
              <Anchor
                href={`#answer-${item.questionId}`}
                c="red.9"
                underline="always"
                onClick={(e) => {
                  e.preventDefault();
                  onGoTo(item.questionId as string);
                }}
              >
                {item.message}
              </Anchor>
            ) : (
              item.message
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
});
