import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../platform/api/csrf';
import { ApiError } from '../../platform/api/errors';
import { ids, testForm } from './renderer/test-form';
import { responsesApi, saveOutcomeOf, saveResponse, uploadAnswerFile } from './responses-api';

const responseId = '70000000-0000-4000-8000-000000000001';
const formId = '80000000-0000-4000-8000-000000000001';

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

const draft = {
  form_id: formId,
  current_page: 1,
  complete: false,
  questions: [{ question_id: ids.name, value: 'Ada', signature: null, document_id: null, file_name: null }],
};

describe('saveResponse', () => {
  it('resolves null when there is no form, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(saveResponse(undefined, draft)).resolves.toBeNull();
    await expect(saveResponse(null, { ...draft, id: responseId })).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates a new response with POST and updates a saved one with PUT', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => respond(200, { id: responseId }));
    vi.stubGlobal('fetch', fetchMock);
    await saveResponse(testForm(), draft);
    await saveResponse(testForm(), { ...draft, id: responseId, complete: true });
    const [postUrl, postInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    const [putUrl, putInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect([postInit.method, postUrl]).toEqual(['POST', '/api/fbresponses']);
    expect([putInit.method, putUrl]).toEqual(['PUT', `/api/fbresponses/${responseId}`]);
    expect(JSON.parse(String(postInit.body))).toEqual({
      response: { form_id: formId, current_page: 1, complete: false, questions: draft.questions },
      saveAnswers: true,
      getLess: true,
    });
    expect(JSON.parse(String(putInit.body)).response.complete).toBe(true);
  });

  it('rejects with the API error, which becomes the field errors the renderer shows', async () => {
    const fields = { [`questions.${ids.name}`]: 'Full name is required' };
    vi.stubGlobal('fetch', async () =>
      respond(400, { error: { code: 'validation_failed', message: 'Some answers are missing.', fields } }),
    );
    const error = await saveResponse(testForm(), draft).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(saveOutcomeOf(error)).toEqual({ status: 'invalid', fields, message: 'Some answers are missing.' });
    expect(saveOutcomeOf(new ApiError(409, 'conflict', 'Saved elsewhere'))).toEqual({
      status: 'failed',
      message: 'Saved elsewhere',
    });
  });
});

describe('uploadAnswerFile', () => {
  const question = { id: ids.licence, document_type_id: null };

  it('sends the response and question before the file part, with the CSRF token', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      respond(200, { id: '60000000-0000-4000-8000-000000000001', name: 'licence.pdf' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('tok');
    const file = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    await expect(uploadAnswerFile(responseId, question, file)).resolves.toEqual({
      document_id: '60000000-0000-4000-8000-000000000001',
      file_name: 'licence.pdf',
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/Documents/upload');
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual(['fb_response_id', 'question_id', 'file']);
    expect(body.get('fb_response_id')).toBe(responseId);
  });

  it('rejects with the server message about the file', async () => {
    vi.stubGlobal('fetch', async () =>
      respond(400, {
        error: {
          code: 'validation_failed',
          message: 'Invalid',
          fields: { file: 'This type of file is not accepted.' },
        },
      }),
    );
    const file = new File(['MZ'], 'virus.exe');
    await expect(uploadAnswerFile(responseId, question, file)).rejects.toThrow(
      'This type of file is not accepted.',
    );
  });
});

describe('responsesApi.logProgress', () => {
  it('records the page reached, and a failure to record it stays quiet', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => respond(201, { id: responseId }));
    vi.stubGlobal('fetch', fetchMock);
    await responsesApi.logProgress(responseId, 'Page 2 of 2: Sign');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/Logger/LogFormProgress');
    expect(JSON.parse(String(init.body))).toEqual({ fb_response_id: responseId, text: 'Page 2 of 2: Sign' });
    vi.stubGlobal('fetch', async () => respond(404, { error: { code: 'not_found', message: 'Not found' } }));
    await expect(responsesApi.logProgress(responseId, 'Page 1 of 2')).resolves.toBeUndefined();
  });
});
