import { Alert, List, Progress, Stack, Text } from '@mantine/core';

/** "Page 2 of 3: Title" in words, and the same on a progress bar (never by colour alone). */
export function PageProgress({
  page,
  pageCount,
  title,
}: {
  page: number;
  pageCount: number;
  title?: string;
}) {
  const text = pageCount > 0 ? `Page ${page + 1} of ${pageCount}` : 'This form has no pages';
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {text}
        {title ? `: ${title}` : ''}
      </Text>
      {pageCount > 0 ? (
        <Progress.Root size="md">
          <Progress.Section value={((page + 1) / pageCount) * 100} aria-label={text} aria-valuetext={text} />
        </Progress.Root>
      ) : null}
    </Stack>
  );
}

/** A file that could not be uploaded (the spec's documentErrors), by the name the applicant knows it by. */
export interface DocumentError {
  questionId: string;
  fileName: string;
  message: string;
}

export function DocumentErrors({ errors }: { errors: readonly DocumentError[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" title="These documents could not be uploaded:" role="alert">
      <List size="sm" spacing={4}>
        {errors.map((d) => (
          <List.Item key={d.questionId}>
            <strong>{d.fileName}</strong> — {d.message}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt={6}>
        Your other answers are kept. Choose another file, or save without it and add it later.
      </Text>
    </Alert>
  );
}

export type Notice = { tone: 'success' | 'error'; text: string; title?: string } | null;

/** The outcome of the last save (or fill-in): a polite status when it went well, an alert when not. */
export function SaveNotice({ notice }: { notice: Notice }) {
  return (
    <>
      <div aria-live="polite">
        {notice?.tone === 'success' ? <Alert color="green" role="status" title={notice.text} /> : null}
      </div>
      {notice?.tone === 'error' ? (
        <Alert color="red" title={notice.title ?? 'The answers could not be saved'} role="alert">
          {notice.text}
        </Alert>
      ) : null}
    </>
  );
}
